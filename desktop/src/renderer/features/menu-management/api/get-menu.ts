import { getMenu } from '@tablewise/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../app/api-client.js';

/** The venue's menu; menu.item.updated makes it stale. */
export const menuQueryOptions = () => queryOptions({ queryKey: getMenu.key(), queryFn: () => api.call(getMenu) });

export function useMenu() {
  return useQuery(menuQueryOptions());
}
