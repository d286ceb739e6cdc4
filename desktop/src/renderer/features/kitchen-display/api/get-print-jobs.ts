import { listPrintJobs } from '@tablewise/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../app/api-client.js';
import { retryUnlessNotHere } from './get-printers.js';

function getPrintJobs() {
  return api.call(listPrintJobs);
}

/** The print queue (a terminal's own, or on the cloud every terminal's); `print.job.updated` keeps it fresh. */
export const printJobsQueryOptions = () =>
  queryOptions({ queryKey: listPrintJobs.key(), queryFn: getPrintJobs, retry: retryUnlessNotHere });

export function usePrintJobs() {
  return useQuery(printJobsQueryOptions());
}
