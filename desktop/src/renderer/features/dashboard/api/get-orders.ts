import { listOrders } from '@tablewise/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../app/api-client.js';

function getOrders() {
  return api.call(listOrders);
}

/** The venue's open orders: the Active Orders card. */
const ordersQueryOptions = () => queryOptions({ queryKey: listOrders.key(), queryFn: getOrders });

export function useOrders() {
  return useQuery(ordersQueryOptions());
}
