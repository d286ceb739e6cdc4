// Local firing: a held item whose course time has come goes to the kitchen on this terminal too,
// so an offline kitchen still gets its courses. The cloud fires the same items on its side; this
// change is not sent (the cloud's own event will agree with it).
import { HELD_ITEM_STATES, isDue, type OrderItem, type OrderItemState } from '@tablewise/shared';
import { transact, type WriteDb } from '../sqlite/replica.js';
import { getOrderItem, listItemsInStates, setItemStatus } from '../sqlite/repositories/orders.js';

/** An item this terminal sent to the kitchen, and the held state it came from. */
export interface FiredItem {
  item: OrderItem;
  from: OrderItemState;
}

/** Sends one due item to the kitchen; the caller checked isDue. */
function fireItem(db: WriteDb, item: OrderItem, now: Date): FiredItem {
  setItemStatus(db, item.id, 'SENT_TO_KITCHEN', now.toISOString());
  const after = getOrderItem(db, item.id);
  if (!after) throw new Error(`Order item ${item.id} vanished while firing`);
  return { item: after, from: item.status };
}

/** Moves every item due at `now` to SENT_TO_KITCHEN; answers the moved items and where they came from. */
export function fireDueItems(db: WriteDb, now: Date): FiredItem[] {
  return transact(db, () =>
    listItemsInStates(db, HELD_ITEM_STATES)
      .filter((item) => isDue(item, now))
      .map((item) => fireItem(db, item, now)),
  );
}
