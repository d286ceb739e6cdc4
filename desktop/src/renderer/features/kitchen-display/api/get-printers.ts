import { listPrinters } from '@tablewise/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { ApiError, api } from '../../../app/api-client.js';

function getPrinters() {
  return api.call(listPrinters);
}

/** A cloud older than these reads answers 404, and asking again would not change that. */
export function retryUnlessNotHere(failures: number, error: Error): boolean {
  return !(error instanceof ApiError && error.status === 404) && failures < 3;
}

/** Each printer's state as its terminal last learnt it; `printer.status` messages keep it fresh. */
const printersQueryOptions = () =>
  queryOptions({ queryKey: listPrinters.key(), queryFn: getPrinters, retry: retryUnlessNotHere });

export function usePrinters() {
  return useQuery(printersQueryOptions());
}
