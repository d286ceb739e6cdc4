import { listPrintJobs } from '@tablewise/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../app/api-client.js';

/** The print queue, newest first; `print.job.updated` keeps it live. */
export const printJobsQueryOptions = () =>
  queryOptions({ queryKey: listPrintJobs.key(), queryFn: () => api.call(listPrintJobs) });

export function usePrintJobs() {
  return useQuery(printJobsQueryOptions());
}
