import { z } from 'zod';
import { toKitchenItem } from '../../rules/kitchen.js';
import { KITCHEN_VISIBLE_STATES } from '../../rules/order-items.js';
import { tableLabel } from '../../rules/table-order.js';
import { KitchenItem } from '../../schemas/entities.js';
import { defineCall } from '../define.js';
import { compareItems, type ItemFacts, toOrderItem } from '../orders/order-facts.js';

export const KitchenItemsAnswer = z.array(KitchenItem);
export type KitchenItemsAnswer = z.infer<typeof KitchenItemsAnswer>;

export const listKitchenItems = defineCall({
  method: 'GET',
  path: '/api/order-items/kitchen',
  summary: 'Items the kitchen display lists: held, fired, in preparation, paused and ready',
  audience: ['staff', 'terminal'],
  tiers: ['cloud', 'terminal'],
  answer: KitchenItemsAnswer,
  staleOn: ['order.created', 'order.item.status.changed', 'order.priority.changed', 'order.item.cancelled'],
});

export interface KitchenFacts extends ItemFacts {
  /** The table of the item's order as stored now, if it has one. */
  table: { number: string } | null;
  /** The table name the order carries. */
  orderTableName: string | null;
  /** The order's priority (staff raise it on the orders screen); normal when not given. */
  priority?: KitchenItem['priority'];
}

export function kitchenItemsAnswer(items: readonly KitchenFacts[]): KitchenItemsAnswer {
  return items
    .filter((i) => KITCHEN_VISIBLE_STATES.includes(i.status))
    .sort(compareItems)
    .map(({ table, orderTableName, priority, ...item }) =>
      toKitchenItem(toOrderItem(item), tableLabel(table, orderTableName), priority),
    );
}
