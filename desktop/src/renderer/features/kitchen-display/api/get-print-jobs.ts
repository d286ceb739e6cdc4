import { listPrintJobs } from '@tablewise/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../app/api-client.js';
import { retryUnlessNotHere } from './get-printers.js';

function getPrintJobs() {
  return api.call(listPrintJobs);
}

/** This terminal's print queue; `print.job.updated` pushes keep it fresh. */
export const printJobsQueryOptions = () =>
  queryOptions({ queryKey: listPrintJobs.key(), queryFn: getPrintJobs, retry: retryUnlessNotHere });

export function usePrintJobs() {
  return useQuery(printJobsQueryOptions());
}
