// Local firing: a held item whose course time has come goes to the kitchen on this terminal too,
// so an offline kitchen still gets its courses. The cloud fires the same items on its side; this
// change is not sent (the cloud's own event will agree with it).
import { dueToFire, type OrderItem, type OrderItemState } from '@tablewise/shared';
import { transact, type WriteDb } from '../sqlite/replica.js';
import { getOrderItem, listItemsInStates, setItemStatus } from '../sqlite/repositories/venue-data.js';

const HELD_STATES: readonly OrderItemState[] = ['CREATED', 'CONFIRMED'];

/** Moves every item due at `now` to SENT_TO_KITCHEN; answers the moved items and where they came from. */
export function fireDueItems(db: WriteDb, now: Date): { item: OrderItem; from: OrderItemState }[] {
  return transact(db, () => {
    const due = dueToFire(listItemsInStates(db, HELD_STATES), now);
    const fired: { item: OrderItem; from: OrderItemState }[] = [];
    for (const item of due) {
      setItemStatus(db, item.id, 'SENT_TO_KITCHEN', now.toISOString());
      const after = getOrderItem(db, item.id);
      if (after) fired.push({ item: after, from: item.status });
    }
    return fired;
  });
}
