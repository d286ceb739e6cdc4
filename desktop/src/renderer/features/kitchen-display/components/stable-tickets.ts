// The tickets of a re-read kept as the same objects where nothing of them changed, so a live
// event re-renders the one card it moved rather than all of them (TicketCard is memoized on its
// ticket; lineTickets makes new ticket objects on every read). P7 in `npm run bench`.
import type { LineTicket } from '@tablewise/shared';
import { useRef } from 'react';

/** Whether two tickets show the same: their fields, and the very same item objects in order (a
 * re-read leaves the items it did not change as they were: TanStack Query's structural sharing). */
function same(a: LineTicket, b: LineTicket): boolean {
  return (
    a.key === b.key &&
    a.orderId === b.orderId &&
    a.tableNumber === b.tableNumber &&
    a.course === b.course &&
    a.firedAt === b.firedAt &&
    a.priority === b.priority &&
    a.stage === b.stage &&
    a.items.length === b.items.length &&
    a.items.every((item, i) => item === b.items[i])
  );
}

/**
 * `tickets` with each one that shows the same as in `previous` replaced by that object, and
 * `previous` itself when every ticket is kept in the same order.
 * @internal exported for its test
 */
export function keepUnchanged(previous: readonly LineTicket[], tickets: readonly LineTicket[]): readonly LineTicket[] {
  const byKey = new Map(previous.map((t) => [t.key, t]));
  const kept = tickets.map((t) => {
    const before = byKey.get(t.key);
    return before && same(before, t) ? before : t;
  });
  return kept.length === previous.length && kept.every((t, i) => t === previous[i]) ? previous : kept;
}

/** `tickets`, each one the previous render's object when it shows the same (keepUnchanged). */
export function useStableTickets(tickets: readonly LineTicket[]): readonly LineTicket[] {
  const previous = useRef<readonly LineTicket[]>([]);
  previous.current = keepUnchanged(previous.current, tickets);
  return previous.current;
}
