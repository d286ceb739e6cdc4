import { listTables } from '@tablewise/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../app/api-client.js';

function getTables() {
  return api.call(listTables, { query: {} });
}

/** The venue's tables; `table.state.changed` patches one in place and refetches. */
const tablesQueryOptions = () => queryOptions({ queryKey: listTables.key(), queryFn: getTables });

export function useTables() {
  return useQuery(tablesQueryOptions());
}
