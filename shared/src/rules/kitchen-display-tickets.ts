// The kitchen display's tickets (issue 22 item 8): a station works tickets, not single items. A
// ticket is the items of one order in one course fired at one time; the cloud's staff app and the
// terminal's show the same tickets because both group with this. Pure: the items come in.
import type { KitchenItem, OrderItemState } from '../schemas/entities.js';
import { stationOf } from './kitchen-display.js';

/** Where a ticket stands: held (its course waits), new (nothing started), cooking, or ready (bumped). */
type TicketStage = 'held' | 'new' | 'cooking' | 'ready';

export interface LineTicket {
  /** The order, course and fire time, which make the ticket. */
  key: string;
  orderId: string;
  tableNumber: string | null;
  course: KitchenItem['course'];
  /** When the ticket reached (or reaches, if held) the kitchen. */
  firedAt: string;
  priority: KitchenItem['priority'];
  stage: TicketStage;
  /** In the order the kitchen list gave them. */
  items: KitchenItem[];
}

/** One move of a batch (POST /api/order-items/batch-update's `updates`). */
export interface StatusUpdate {
  id: string;
  status: OrderItemState;
  /** The state the move undoes, for a recall (an undo must name it). */
  from?: OrderItemState;
}

const STARTED: readonly OrderItemState[] = ['IN_PREP', 'PAUSE', 'READY_FOR_RUN'];

function stageOf(items: readonly KitchenItem[]): TicketStage {
  if (items.every((i) => i.held)) return 'held';
  if (items.every((i) => i.status === 'READY_FOR_RUN')) return 'ready';
  return items.some((i) => STARTED.includes(i.status)) ? 'cooking' : 'new';
}

/** The later of ordering and firing: a coursed item reaches the kitchen when its course fires. */
function firedAtOf(item: Pick<KitchenItem, 'createdAt' | 'fireAt'>): string {
  return Date.parse(item.fireAt) > Date.parse(item.createdAt) ? item.fireAt : item.createdAt;
}

/**
 * The items as tickets, one per order, course and fire time: fired tickets first, the oldest
 * first, then the held ones by when they fire. A ticket's priority is its order's.
 * @internal exported for its tests
 */
export function kitchenTickets(items: readonly KitchenItem[]): LineTicket[] {
  const byKey = new Map<string, KitchenItem[]>();
  for (const item of items) {
    const key = `${item.orderId}|${item.course}|${item.fireAt}`;
    const list = byKey.get(key);
    if (list) list.push(item);
    else byKey.set(key, [item]);
  }
  const tickets = [...byKey.entries()].map(([key, list]): LineTicket => {
    const first = list[0] as KitchenItem;
    return {
      key,
      orderId: first.orderId,
      tableNumber: first.tableNumber,
      course: first.course,
      firedAt: firedAtOf(first),
      priority: first.priority,
      stage: stageOf(list),
      items: list,
    };
  });
  const isHeld = (t: LineTicket) => (t.stage === 'held' ? 1 : 0);
  return tickets.sort(
    (a, b) => isHeld(a) - isHeld(b) || Date.parse(a.firedAt) - Date.parse(b.firedAt) || a.key.localeCompare(b.key),
  );
}

/**
 * A station's line (`station` null: every station): the tickets of its items that still need
 * work. A ticket whose items are all ready has been bumped; it is on the pass, not on the line.
 */
export function lineTickets(items: readonly KitchenItem[], station: string | null): LineTicket[] {
  const mine = station === null ? items : items.filter((i) => stationOf(i) === station);
  return kitchenTickets(mine).filter((t) => t.stage !== 'ready');
}

/** Start All Pending, or a ticket's Start: every fired item not yet started goes into preparation. */
export function startMoves(items: readonly KitchenItem[]): StatusUpdate[] {
  return items.filter((i) => i.status === 'SENT_TO_KITCHEN').map((i) => ({ id: i.id, status: 'IN_PREP' }));
}

/** Mark All Ready: every item in preparation is ready. */
export function readyMoves(items: readonly KitchenItem[]): StatusUpdate[] {
  return items.filter((i) => i.status === 'IN_PREP').map((i) => ({ id: i.id, status: 'READY_FOR_RUN' }));
}

/**
 * A ticket's bump: each of its items not ready yet is made ready by the staff moves that get it
 * there (a new one is started first, a paused one resumed), so the batch judges each step as
 * the single moves would. Held items stay held.
 */
export function bumpMoves(ticket: Pick<LineTicket, 'items'>): StatusUpdate[] {
  return ticket.items.flatMap((i): StatusUpdate[] => {
    switch (i.status) {
      case 'SENT_TO_KITCHEN':
      case 'PAUSE':
        return [
          { id: i.id, status: 'IN_PREP' },
          { id: i.id, status: 'READY_FOR_RUN' },
        ];
      case 'IN_PREP':
        return [{ id: i.id, status: 'READY_FOR_RUN' }];
      default:
        return [];
    }
  });
}

/** The items a bump made ready: what a recall of that ticket brings back.
 * @internal exported for its tests
 */
export function bumpedItemIds(ticket: Pick<LineTicket, 'items'>): string[] {
  return [...new Set(bumpMoves(ticket).map((m) => m.id))];
}

/**
 * Recall of the last bumped ticket: each of its items that is still ready and not on the pass yet
 * goes back into preparation, where every bumped item was before Ready. `items` are the kitchen's
 * items now; `onPass` the ids already on a runner's ticket (those are the runners' now).
 */
export function recallMoves(
  bumped: readonly string[],
  items: readonly KitchenItem[],
  onPass: ReadonlySet<string> = new Set(),
): StatusUpdate[] {
  const ids = new Set(bumped);
  return items
    .filter((i) => ids.has(i.id) && i.status === 'READY_FOR_RUN' && !onPass.has(i.id))
    .map((i) => ({ id: i.id, status: 'IN_PREP', from: 'READY_FOR_RUN' }));
}
