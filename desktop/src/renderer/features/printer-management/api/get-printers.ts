import { listPrinters } from '@tablewise/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../app/api-client.js';

/** The venue's printers with their state; `printer.status` and `printer.updated` keep it live. */
export const printersQueryOptions = () =>
  queryOptions({ queryKey: listPrinters.key(), queryFn: () => api.call(listPrinters) });

export function usePrinters() {
  return useQuery(printersQueryOptions());
}
