import { getTableQr, listTables } from '@tablewise/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../app/api-client.js';

/** The tables to choose from (the same read the floor screens share). */
export function useTablesToChoose() {
  return useQuery(queryOptions({ queryKey: listTables.key(), queryFn: () => api.call(listTables, { query: {} }) }));
}

/** A table's signed check-in link; the terminal asks the cloud for it. */
export function useTableQr(tableId: string | null) {
  return useQuery({
    queryKey: getTableQr.key({ id: tableId ?? '' }),
    queryFn: () => api.call(getTableQr, { params: { id: tableId ?? '' } }),
    enabled: tableId !== null,
  });
}
