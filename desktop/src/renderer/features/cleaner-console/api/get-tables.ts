import { listTables } from '@tablewise/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../app/api-client.js';

/** The floor's tables, for the tasks' table names; table events make it stale. */
const tablesQueryOptions = () => queryOptions({ queryKey: listTables.key(), queryFn: () => api.call(listTables) });

export function useTables() {
  return useQuery(tablesQueryOptions());
}
