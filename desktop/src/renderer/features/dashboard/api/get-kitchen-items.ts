import { listKitchenItems } from '@tablewise/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../app/api-client.js';

function getKitchenItems() {
  return api.call(listKitchenItems);
}

/** The kitchen's items: the Kitchen/Expo tab's station queues. */
const kitchenItemsQueryOptions = () => queryOptions({ queryKey: listKitchenItems.key(), queryFn: getKitchenItems });

export function useKitchenItems() {
  return useQuery(kitchenItemsQueryOptions());
}
