import { listPrinters } from '@tablewise/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../app/api-client.js';

/** The venue's printers; asked only on a terminal, which drives some of them. */
export function usePrinters(enabled: boolean) {
  return useQuery({
    ...queryOptions({ queryKey: listPrinters.key(), queryFn: () => api.call(listPrinters, {}) }),
    enabled,
  });
}
