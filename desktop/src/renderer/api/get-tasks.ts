import { listTasks } from '@tablewise/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../app/api-client.js';

/** Every cleaning and QA task of the venue; task events make it stale. */
export const tasksQueryOptions = () =>
  queryOptions({ queryKey: listTasks.key(), queryFn: () => api.call(listTasks, { query: {} }) });

export function useTasks() {
  return useQuery(tasksQueryOptions());
}
