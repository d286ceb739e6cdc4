// A write decided once (issue 21). Every staff write that both the cloud and the terminal serve is
// one pure function here: it takes the state its tier loaded (plain entities, as both stores can
// give them), the call's input, who acts and the time, and answers the rows to write, the events
// to announce and the call's answer, or throws an AppError with its stable id. Each tier loads the
// state, calls the decision and applies its writes to its own store (PostgreSQL in the cloud,
// SQLite on the terminal); neither judges anything itself. The terminal's replay of its unsent
// changes runs the same decisions.
import type { NewLiveEvent } from '../protocol/events.js';
import type {
  DiningSession,
  MenuItem,
  Order,
  OrderItem,
  OrderItemState,
  Reservation,
  Table,
  WaitlistEntry,
} from '../schemas/entities.js';
import type { Payment } from '../schemas/payment.js';
import type { Runner, RunnerOrder } from '../schemas/runner.js';
import type { TableRequest } from '../schemas/seat-request.js';
import type { Task } from '../schemas/task.js';

/** Who acts: a signed-in staff member (on either tier), a paired terminal relaying its staff, or
 * the automation. `userId` is the person when one is known. */
export interface DecisionActor {
  kind: 'staff' | 'terminal' | 'automation';
  userId: string | null;
  terminalId: string | null;
}

/**
 * One change to a store, named by what it means rather than by a table's columns, so each tier
 * writes it its own way. Entities are given whole, as they are after the change.
 */
export type Write =
  | { kind: 'order.insert'; order: Order }
  | { kind: 'item.status'; itemId: string; from: OrderItemState; to: OrderItemState }
  /** A held item taken off its order; `order` as it is without it, its bill priced again. */
  | { kind: 'item.cancel'; item: OrderItem; order: Order }
  /** A held item fired before its time (Fire now): `item` as it is after, sent to the kitchen
   * with its fire time now. */
  | { kind: 'item.fire'; item: OrderItem; from: OrderItemState }
  | { kind: 'order.priority'; order: Order }
  | { kind: 'menuItem.availability'; item: MenuItem }
  /** The order reaches the pass (`sentAt`), or a runner's move changes who carries it and when. */
  | { kind: 'runnerOrder.put'; order: RunnerOrder }
  | { kind: 'runner.put'; runner: Runner }
  /** A table's state; out of service it forgets its party (`clearParty`). */
  | { kind: 'table.state'; table: Table; clearParty: boolean }
  | { kind: 'task.insert'; task: Task; createdBy: string | null }
  | { kind: 'task.update'; task: Task }
  /** A waiting party's status; `readyTableId`: the free table it was told of (the guest's READY). */
  | { kind: 'waitlist.status'; entry: WaitlistEntry; readyTableId: string | null }
  /** A party joins the back of the line. */
  | { kind: 'waitlist.insert'; entry: WaitlistEntry }
  /** A party sits down at a table: OCCUPIED, with its name, size and time. */
  | { kind: 'table.seat'; table: Table }
  /** A dining session of the party's own at its table; the contact and preferences only the cloud keeps. */
  | {
      kind: 'session.open';
      session: DiningSession;
      contact: { phone: string | null; email: string | null };
      preferences: Record<string, unknown>;
      reservationId: string | null;
    }
  /** The session a guest checked in with on a phone sits down at its table. */
  | { kind: 'session.seat'; session: DiningSession }
  | { kind: 'reservation.insert'; reservation: Reservation }
  /** A reservation's status, check-in time and tables. */
  | { kind: 'reservation.update'; reservation: Reservation }
  /** A payment staff took at the table, as taken. */
  | { kind: 'payment.take'; payment: Payment }
  /** A guest's table choice waiting for the host, as it is after its answer (issue 27). */
  | { kind: 'seatRequest.update'; request: TableRequest };

/** What a decision answers: the writes in the order they apply, the events in the order they are
 * announced, and the call's answer. */
export interface Decided<A> {
  writes: Write[];
  events: NewLiveEvent[];
  answer: A;
  /** The events among `events` that the automation made on the way rather than the actor (a
   * course that fired before a staff move), by identity; their author is nobody. */
  byAutomation?: ReadonlySet<NewLiveEvent>;
}

/** Collects a decision's writes and events as it goes. */
export class Changes {
  readonly writes: Write[] = [];
  readonly events: NewLiveEvent[] = [];
  private automatic: Set<NewLiveEvent> | null = null;

  write(w: Write): this {
    this.writes.push(w);
    return this;
  }

  /** `by: 'automation'`: the automation made this change on the way, not the actor. */
  announce(e: NewLiveEvent, by?: 'automation'): this {
    this.events.push(e);
    if (by === 'automation') {
      this.automatic ??= new Set();
      this.automatic.add(e);
    }
    return this;
  }

  answer<A>(answer: A): Decided<A> {
    return this.automatic
      ? { writes: this.writes, events: this.events, answer, byAutomation: this.automatic }
      : { writes: this.writes, events: this.events, answer };
  }
}
