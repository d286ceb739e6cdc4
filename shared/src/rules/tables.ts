// Table states (spec 1 section 4, spec 2 section 4, spec 3 section 4): labels, floor-map colours,
// occupancy, and one state machine for every move a screen, the guest flow or the turnover
// automation makes, which says why a move is refused.
import { OCCUPANCY_THRESHOLDS, TABLE_STATES } from '../constants.js';
import { MESSAGES } from '../messages.js';
import type { TableState } from '../schemas/entities.js';

/** The state names the host's screens show (floorStateLabel). */
export const TABLE_STATE_LABELS: Record<TableState, string> = {
  EMPTY: 'Empty',
  HOLD_SOFT: 'Hold',
  OCCUPIED: 'Occupied',
  ORDERING: 'Ordering',
  EATING: 'Eating',
  PAYING: 'Paying',
  PAYMENT_VERIFIED: 'Paid',
  CLEANING: 'Cleaning',
  QA_CHECK: 'QA Check',
  RESERVED: 'Reserved',
  ASSISTANCE_REQUESTED: 'Assistance Requested',
  EXIT_PENDING: 'Exit Pending',
  PAYMENT_DUE: 'Payment Due',
  HOLD: 'Hold',
  MAINTENANCE: 'Maintenance',
};

export type FloorColor = 'green' | 'purple' | 'red' | 'amber' | 'orange' | 'yellow' | 'blue' | 'grey';

/** Floor-map colours; every state not named by the spec is grey. */
export function tableStateColor(state: TableState): FloorColor {
  switch (state) {
    case 'EMPTY':
    case 'PAYMENT_VERIFIED':
      return 'green';
    case 'HOLD_SOFT':
      return 'purple';
    case 'OCCUPIED':
    case 'ORDERING':
      return 'red';
    case 'EATING':
      return 'amber';
    case 'PAYING':
      return 'orange';
    case 'CLEANING':
    case 'QA_CHECK':
      return 'yellow';
    case 'RESERVED':
      return 'blue';
    case 'ASSISTANCE_REQUESTED':
    case 'EXIT_PENDING':
    case 'PAYMENT_DUE':
    case 'HOLD':
    case 'MAINTENANCE':
      return 'grey';
    default: {
      const never: never = state;
      throw new Error(`Unknown table state ${String(never)}`);
    }
  }
}

/** States in which a party sits at the table: what occupancy counts. */
export const SEATED_STATES: readonly TableState[] = [
  'OCCUPIED',
  'ORDERING',
  'EATING',
  'PAYING',
  'PAYMENT_DUE',
  'PAYMENT_VERIFIED',
  'ASSISTANCE_REQUESTED',
  'EXIT_PENDING',
];

/** Occupied tables as a whole percentage of all tables (0 when there are none). */
export function occupancyPercent(states: readonly TableState[]): number {
  if (states.length === 0) return 0;
  const seated = states.filter((s) => SEATED_STATES.includes(s)).length;
  return Math.round((seated / states.length) * 100);
}

export type OccupancyLevel =
  | { level: 'High'; color: 'red' }
  | { level: 'Moderate'; color: 'amber' }
  | { level: 'Available'; color: 'green' };

/** Above 80 High, above 60 Moderate, otherwise Available. */
export function occupancyLevel(percent: number): OccupancyLevel {
  if (percent > OCCUPANCY_THRESHOLDS.high) return { level: 'High', color: 'red' };
  if (percent > OCCUPANCY_THRESHOLDS.moderate) return { level: 'Moderate', color: 'amber' };
  return { level: 'Available', color: 'green' };
}

// ---- The state machine ----

/** Who moves a table: the guest flow, staff on a floor screen, or the turnover automation. */
export type TableActor = 'guest' | 'staff' | 'automation';

export type TableTrigger =
  // guest flow (spec 3 sections 2 and 4)
  | 'hold'
  | 'releaseHold'
  | 'holdExpired'
  | 'checkIn'
  | 'confirmSeat'
  | 'requestAssistance'
  | 'requestExit'
  // staff (host seating, service, designer)
  | 'reserve'
  | 'cancelReservation'
  | 'seat'
  | 'startOrdering'
  | 'serveFood'
  | 'requestBill'
  | 'verifyPayment'
  | 'assistanceHandled'
  | 'clear'
  // turnover automation (spec 3 section 4)
  | 'paymentCompleted'
  | 'cleaningCompleted'
  | 'qaPassed'
  | 'qaFailed'
  | 'emergencyClean'
  | 'maintenanceRequired'
  | 'maintenanceDone'
  | 'abandonedSession'
  | 'partyLeft'
  | 'partyLeftOwed';

const ALL_BUT_MAINTENANCE = (from: TableState) => from !== 'MAINTENANCE';

interface TableMove {
  actors: readonly TableActor[];
  from: readonly TableState[] | ((from: TableState) => boolean);
  to: TableState;
  /** Words for the refusal: "Cannot <verb> a table that is <state>". */
  verb: string;
}

const TABLE_MOVES: Record<TableTrigger, TableMove> = {
  hold: { actors: ['guest', 'staff'], from: ['EMPTY'], to: 'HOLD_SOFT', verb: 'hold' },
  releaseHold: { actors: ['guest', 'staff'], from: ['HOLD_SOFT', 'HOLD'], to: 'EMPTY', verb: 'release the hold on' },
  holdExpired: { actors: ['automation'], from: ['HOLD_SOFT', 'HOLD'], to: 'EMPTY', verb: 'expire the hold on' },
  // A party checking in with the table's QR code sits down at once (spec 3: session_created). A
  // reserved table waits for its party, whom the host seats.
  checkIn: { actors: ['guest'], from: ['EMPTY'], to: 'OCCUPIED', verb: 'check in at' },
  confirmSeat: { actors: ['guest'], from: ['HOLD_SOFT'], to: 'OCCUPIED', verb: 'confirm' },
  requestAssistance: {
    actors: ['guest', 'staff'],
    from: ['OCCUPIED', 'ORDERING', 'EATING', 'PAYING', 'PAYMENT_DUE'],
    to: 'ASSISTANCE_REQUESTED',
    verb: 'request assistance at',
  },
  requestExit: { actors: ['guest'], from: ['PAYMENT_VERIFIED'], to: 'EXIT_PENDING', verb: 'exit from' },
  reserve: { actors: ['staff'], from: ['EMPTY'], to: 'RESERVED', verb: 'reserve' },
  cancelReservation: { actors: ['staff'], from: ['RESERVED'], to: 'EMPTY', verb: 'cancel the reservation of' },
  seat: { actors: ['staff'], from: ['EMPTY', 'RESERVED', 'HOLD_SOFT', 'HOLD'], to: 'OCCUPIED', verb: 'seat' },
  startOrdering: {
    actors: ['staff', 'guest'],
    from: ['OCCUPIED', 'EATING'],
    to: 'ORDERING',
    verb: 'start ordering at',
  },
  serveFood: { actors: ['staff', 'automation'], from: ['OCCUPIED', 'ORDERING'], to: 'EATING', verb: 'serve' },
  requestBill: {
    actors: ['staff', 'guest'],
    from: ['OCCUPIED', 'ORDERING', 'EATING'],
    to: 'PAYING',
    verb: 'request the bill for',
  },
  verifyPayment: {
    actors: ['staff', 'automation'],
    from: ['PAYING', 'PAYMENT_DUE'],
    to: 'PAYMENT_VERIFIED',
    verb: 'verify payment of',
  },
  assistanceHandled: { actors: ['staff'], from: ['ASSISTANCE_REQUESTED'], to: 'OCCUPIED', verb: 'close assistance at' },
  // Staff may clear a table that is not in service (the context menu's toggle to EMPTY).
  clear: {
    actors: ['staff'],
    from: ['RESERVED', 'HOLD_SOFT', 'HOLD', 'CLEANING', 'QA_CHECK', 'PAYMENT_VERIFIED', 'EXIT_PENDING'],
    to: 'EMPTY',
    verb: 'clear',
  },
  // The bill is paid: the table is Paid, its party still seated and its food still coming (issue
  // 22). A table already paid or left stays as it is.
  paymentCompleted: {
    actors: ['automation'],
    from: ['PAYING', 'PAYMENT_DUE', 'EATING', 'OCCUPIED', 'ORDERING', 'ASSISTANCE_REQUESTED'],
    to: 'PAYMENT_VERIFIED',
    verb: 'mark paid',
  },
  cleaningCompleted: { actors: ['automation', 'staff'], from: ['CLEANING'], to: 'QA_CHECK', verb: 'finish cleaning' },
  qaPassed: { actors: ['automation', 'staff'], from: ['QA_CHECK'], to: 'EMPTY', verb: 'pass QA for' },
  qaFailed: { actors: ['automation', 'staff'], from: ['QA_CHECK'], to: 'CLEANING', verb: 'fail QA for' },
  emergencyClean: {
    actors: ['automation', 'staff'],
    from: ALL_BUT_MAINTENANCE,
    to: 'CLEANING',
    verb: 'emergency-clean',
  },
  maintenanceRequired: {
    actors: ['automation', 'staff'],
    from: (s) => s !== 'MAINTENANCE',
    to: 'MAINTENANCE',
    verb: 'send to maintenance',
  },
  maintenanceDone: {
    actors: ['automation', 'staff'],
    from: ['MAINTENANCE'],
    to: 'CLEANING',
    verb: 'finish maintenance of',
  },
  abandonedSession: {
    actors: ['automation'],
    from: SEATED_STATES,
    to: 'CLEANING',
    verb: 'close the abandoned session at',
  },
  // A paid party left (the exit scan, or staff saw it go): with nothing left to serve the table
  // turns over; with food still coming it waits (EXIT_PENDING) until that is delivered or cancelled.
  partyLeft: {
    actors: ['automation'],
    from: ['PAYMENT_VERIFIED', 'EXIT_PENDING'],
    to: 'CLEANING',
    verb: 'turn over',
  },
  partyLeftOwed: {
    actors: ['automation'],
    from: ['PAYMENT_VERIFIED'],
    to: 'EXIT_PENDING',
    verb: 'mark the party left at',
  },
};

export type TableMoveResult = { ok: true; to: TableState } | { ok: false; reason: string };

function allows(move: TableMove, from: TableState): boolean {
  return typeof move.from === 'function' ? move.from(from) : move.from.includes(from);
}

/** Whether `actor` may fire `trigger` on a table in state `from`, and where it goes. */
export function tableTransition(from: TableState, trigger: TableTrigger, actor: TableActor): TableMoveResult {
  const move = TABLE_MOVES[trigger];
  if (!move.actors.includes(actor)) {
    return { ok: false, reason: MESSAGES.tableActorRefused(actor, move.verb) };
  }
  if (!allows(move, from))
    return { ok: false, reason: MESSAGES.tableTransitionRefused(move.verb, TABLE_STATE_LABELS[from]) };
  return { ok: true, to: move.to };
}

/**
 * States in which a table is free for a new party: a guest may check in at it or hold it from
 * seat selection. GET /api/tables?available=1 lists the tables in these states.
 */
export const AVAILABLE_TABLE_STATES: readonly TableState[] = TABLE_STATES.filter(
  (s) => tableTransition(s, 'checkIn', 'guest').ok,
);

/**
 * The triggers an actor may fire on a table in `from`.
 * @internal exported for its tests
 */
export function tableTriggersFrom(from: TableState, actor: TableActor): TableTrigger[] {
  return (Object.keys(TABLE_MOVES) as TableTrigger[]).filter((t) => {
    const move = TABLE_MOVES[t];
    return move.actors.includes(actor) && allows(move, from);
  });
}

/** A direct move between two states, by the first trigger of the actor that makes it. */
export function tableMove(
  from: TableState,
  to: TableState,
  actor: TableActor,
): TableMoveResult & { trigger?: TableTrigger } {
  const trigger = tableTriggersFrom(from, actor).find((t) => TABLE_MOVES[t].to === to);
  if (trigger) return { ok: true, to, trigger };
  return {
    ok: false,
    reason: MESSAGES.tableTransitionRefused(`move to ${TABLE_STATE_LABELS[to]}`, TABLE_STATE_LABELS[from]),
  };
}
