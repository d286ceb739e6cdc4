// What a party still has coming (issue 22, item 1). What is owed and what is served are separate
// facts: a paid bill ends neither the food still held, firing, in the kitchen, on the pass or on a
// runner, nor the table's party. A table turns over when its party has left and nothing of this is
// left; both tiers and the staff screens count it here, from the party's orders.
import type { Order, OrderItemState, TableState } from '../schemas/entities.js';
import { TABLE_SERVICE_TEXTS } from '../staff-app-texts.js';

/** Where an item the party still waits for is. */
export type OutstandingStage = 'held' | 'kitchen' | 'ready' | 'onRunner' | 'returned';

/** @internal exported for its tests */
export interface OutstandingItem {
  id: string;
  orderId: string;
  menuItemName: string;
  quantity: number;
  stage: OutstandingStage;
}

/** Where an item in `status` is on its way to the table; null once it is served (delivered or
 * closed). A cancelled item has left its order, so it is never counted. */
export function outstandingStage(status: OrderItemState): OutstandingStage | null {
  switch (status) {
    case 'CREATED':
    case 'CONFIRMED':
      return 'held';
    case 'SENT_TO_KITCHEN':
    case 'IN_PREP':
    case 'PAUSE':
      return 'kitchen';
    case 'READY_FOR_RUN':
      return 'ready';
    case 'OUT_FOR_DELIVERY':
      return 'onRunner';
    case 'RETURN_REQUESTED':
      return 'returned';
    case 'DELIVERED':
    case 'CLOSED':
      return null;
    default: {
      const never: never = status;
      throw new Error(`Unknown item status ${String(never)}`);
    }
  }
}

type PartyOrder = Pick<Order, 'id' | 'items'>;

/** The items of the party's `orders` not yet served, in the orders' order.
 * @internal exported for its tests
 */
export function outstandingItems(orders: readonly PartyOrder[]): OutstandingItem[] {
  const out: OutstandingItem[] = [];
  for (const order of orders) {
    for (const item of order.items) {
      const stage = outstandingStage(item.status);
      if (stage) {
        out.push({ id: item.id, orderId: order.id, menuItemName: item.menuItemName, quantity: item.quantity, stage });
      }
    }
  }
  return out;
}

/** How many dishes and drinks the party still waits for (2 × lemonade is two). */
export function outstandingCount(orders: readonly PartyOrder[]): number {
  return outstandingItems(orders).reduce((n, i) => n + i.quantity, 0);
}

/** A rushed party (an order raised to high or urgent) gets its table cleaned first.
 * @internal exported for its tests
 */
export function isRushParty(orders: readonly Pick<Order, 'priority'>[]): boolean {
  return orders.some((o) => o.priority === 'high' || o.priority === 'urgent');
}

/** What turnover needs to know of a table's party: what it still has coming, and whether it was
 * rushed. A table nobody ordered at has nothing outstanding. */
export interface PartyFacts {
  outstanding: number;
  rushOrder: boolean;
}

export function partyFacts(orders: readonly Pick<Order, 'id' | 'items' | 'priority'>[]): PartyFacts {
  return { outstanding: outstandingCount(orders), rushOrder: isRushParty(orders) };
}

/**
 * The open orders of the party now at `table`, as the staff screens see them: the table's orders
 * placed since the party sat down (`timeSeated`), so an earlier party's forgotten order does not
 * count against this one.
 */
export function ordersOfTableParty<O extends Pick<Order, 'tableId' | 'createdAt'>>(
  orders: readonly O[],
  table: { id: string; timeSeated: string | null },
): O[] {
  const since = table.timeSeated ? new Date(table.timeSeated).getTime() : null;
  return orders.filter((o) => o.tableId === table.id && (since === null || new Date(o.createdAt).getTime() >= since));
}

/** What a paid or departed table shows under its state ("Paid · 2 items to serve"), or null for
 * any other table. */
export function tableServiceNote(state: TableState, outstanding: number): string | null {
  if (state === 'PAYMENT_VERIFIED') {
    return outstanding > 0 ? TABLE_SERVICE_TEXTS.paidToServe(outstanding) : TABLE_SERVICE_TEXTS.paidNothingOwed;
  }
  if (state === 'EXIT_PENDING' && outstanding > 0) return TABLE_SERVICE_TEXTS.leftToServe(outstanding);
  return null;
}
