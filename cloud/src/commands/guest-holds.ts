// A guest choosing a table (spec 3 sections 2 and 4): the guest view of the venue's tables, the hold
// (about 3 minutes, one table at a time, one guest per table), letting it go, confirming it, and
// the sweep that frees tables whose hold ran out. Every move goes through the one table state
// machine; the table row is locked first, so two guests racing for a table are decided by PostgreSQL.
import {
  AVAILABLE_TABLE_STATES,
  type ConfirmTableAnswer,
  compareTables,
  componentsByTable,
  effectiveTableState,
  FloorLayout,
  type GuestTable,
  type HoldTableAnswer,
  holdExpiry,
  isHoldLive,
  MAP_VIEW_BOX,
  MESSAGES,
  type TableState,
  type TablesQuery,
  tableMove,
  tablePlace,
  tableTransition,
  withQuery,
} from '@tablewise/shared';
import type { AppDeps, GuestActor, Queryable, Trx } from '../context.js';
import { conflict, notFound, unauthorized } from '../errors.js';
import { presentSession, presentTable, presentWaitlistEntry } from '../presenters/index.js';
import { appendEvent } from '../realtime/append-event.js';
import { publishedLayout } from '../repositories/floor-layouts.js';
import type { SessionRow, TableRow } from '../repositories/rows.js';
import { lockSession, seatSession } from '../repositories/sessions.js';
import {
  endHold,
  findLiveHoldsOf,
  findTableInVenue,
  holdTableFor,
  listTables,
  lockExpiredHolds,
  seatTable,
} from '../repositories/tables.js';
import { findWaitingPartyOfSession, setWaitlistStatus } from '../repositories/waitlist.js';

const clamp = (v: number, max: number) => Math.min(max, Math.max(0, v));

/** Free for a new party: empty, or a guest hold that ran out and is not swept yet. */
export function isTableFree(row: Pick<TableRow, 'state' | 'hold_expires_at'>, now: Date): boolean {
  return AVAILABLE_TABLE_STATES.includes(effectiveTableState(row.state as TableState, row.hold_expires_at, now));
}

function heldUntil(row: TableRow, sessionId: string, now: Date): Date | null {
  return row.state === 'HOLD_SOFT' && row.held_by_session_id === sessionId && isHoldLive(row.hold_expires_at, now)
    ? row.hold_expires_at
    : null;
}

/** The published layout's table components by table, or null when the venue has published none. */
async function publishedPlaces(q: Queryable, guest: GuestActor) {
  const stored = await publishedLayout(q, guest);
  if (stored === undefined) return null;
  const parsed = FloorLayout.safeParse(stored);
  return componentsByTable(parsed.success ? parsed.data : null);
}

function guestViewOf(
  row: TableRow,
  sessionId: string,
  now: Date,
  placed: ReturnType<typeof componentsByTable> | null,
): GuestTable {
  const held = heldUntil(row, sessionId, now);
  return {
    id: row.id,
    name: row.name,
    number: row.number,
    zone: row.zone,
    capacity: row.capacity_max,
    x: clamp(Number(row.x_position), MAP_VIEW_BOX.width),
    y: clamp(Number(row.y_position), MAP_VIEW_BOX.height),
    isAccessible: row.is_accessible,
    hasView: row.has_view ?? false,
    hasPlugs: row.has_plugs ?? false,
    isQuiet: row.is_quiet ?? false,
    available: isTableFree(row, now),
    heldByYouUntil: held ? held.toISOString() : null,
    place: placed ? tablePlace(presentTable(row), placed.get(row.id)) : null,
  };
}

/** The guest's venue's tables in the guest view; with available=1, those free or held by this guest. */
export async function guestTables(
  deps: Pick<AppDeps, 'db' | 'now'>,
  guest: GuestActor,
  query: TablesQuery,
): Promise<GuestTable[]> {
  const now = deps.now();
  const rows = (await listTables(deps.db, guest.venueId)).sort(compareTables);
  const placed = await publishedPlaces(deps.db, guest);
  return rows
    .map((row) => guestViewOf(row, guest.sessionId, now, placed))
    .filter(
      (t) =>
        (!query.available || t.available || t.heldByYouUntil !== null) &&
        (query.capacity === undefined || t.capacity >= query.capacity) &&
        (!query.accessibility || t.isAccessible),
    );
}

/** The guest's session, locked, still open and not yet at a table. */
async function openSession(trx: Trx, guest: GuestActor): Promise<SessionRow> {
  const session = await lockSession(trx, guest.sessionId);
  if (session?.status !== 'ACTIVE') throw unauthorized(MESSAGES.guestSessionRequired);
  return session;
}

async function announceTable(trx: Trx, row: TableRow, at: Date): Promise<void> {
  const table = presentTable(row);
  await appendEvent(trx, {
    orgId: row.org_id,
    venueId: row.venue_id,
    at,
    event: { type: 'table.state.changed', tableId: row.id, state: table.state, table },
  });
}

async function tableName(q: Queryable, venueId: string, tableId: string): Promise<string> {
  return (await findTableInVenue(q, venueId, tableId))?.name ?? '';
}

export async function holdTable(
  trx: Trx,
  deps: Pick<AppDeps, 'now'>,
  guest: GuestActor,
  tableId: string,
): Promise<HoldTableAnswer> {
  const session = await openSession(trx, guest);
  if (session.table_id) {
    throw conflict(MESSAGES.guestAlreadySeated(await tableName(trx, session.venue_id, session.table_id)), 'conflict');
  }
  const table = await findTableInVenue(trx, guest.venueId, tableId, { forUpdate: true });
  if (!table) throw notFound('Table');
  const now = deps.now();
  const own = heldUntil(table, session.id, now);
  // The guest's own live hold (a refreshed page, a repeated tap) continues; it is not renewed.
  if (own) return { success: true, tableId: table.id, tableName: table.name, expiresAt: own.toISOString() };
  if ((await findLiveHoldsOf(trx, session.id, now, table.id)).length > 0) {
    throw conflict(MESSAGES.tableAlreadyReserved, 'table_already_reserved');
  }
  const from = effectiveTableState(table.state as TableState, table.hold_expires_at, now);
  if (from === 'HOLD_SOFT') throw conflict(MESSAGES.tableAlreadyReserved, 'table_already_reserved');
  const move = tableMove(from, 'HOLD_SOFT', 'guest');
  if (!move.ok) throw conflict(`${MESSAGES.tableUnavailable(table.name)}: ${move.reason}`, 'transition_refused');
  if (table.capacity_max < session.party_size) {
    throw conflict(MESSAGES.tableTooSmall(table.name, table.capacity_max), 'table_unavailable');
  }
  const expiresAt = holdExpiry(now);
  const held = await holdTableFor(trx, table.id, { state: move.to, sessionId: session.id, expiresAt, at: now });
  await announceTable(trx, held, now);
  await appendEvent(trx, {
    orgId: held.org_id,
    venueId: held.venue_id,
    at: now,
    event: { type: 'table.selected', tableId: held.id, expiresAt: expiresAt.toISOString(), table: presentTable(held) },
  });
  return { success: true, tableId: table.id, tableName: table.name, expiresAt: expiresAt.toISOString() };
}

/** Cancel: the guest's hold ends and the table is free at once. Nothing to release is no error. */
export async function releaseTable(
  trx: Trx,
  deps: Pick<AppDeps, 'now'>,
  guest: GuestActor,
  tableId: string,
): Promise<{ success: boolean; tableId: string }> {
  const session = await openSession(trx, guest);
  const table = await findTableInVenue(trx, guest.venueId, tableId, { forUpdate: true });
  if (!table) throw notFound('Table');
  if (table.state !== 'HOLD_SOFT' || table.held_by_session_id !== session.id) return { success: true, tableId };
  const now = deps.now();
  const move = tableTransition('HOLD_SOFT', 'releaseHold', 'guest');
  if (!move.ok) throw conflict(move.reason, 'transition_refused');
  await announceTable(trx, await endHold(trx, table.id, move.to, now), now);
  return { success: true, tableId };
}

export interface ConfirmInput {
  tableId: string;
  partySize?: number | undefined;
  guestName?: string | undefined;
  guestPhone?: string | undefined;
  guestEmail?: string | undefined;
}

/**
 * Seats the guest at the table it holds. The hold is checked here, under the table's lock, in the
 * transaction that seats: a hold that ran out, or another guest's, seats nobody.
 */
export async function confirmTable(
  trx: Trx,
  deps: Pick<AppDeps, 'now'>,
  guest: GuestActor,
  input: ConfirmInput,
): Promise<ConfirmTableAnswer> {
  const session = await openSession(trx, guest);
  const answer = (name: string): ConfirmTableAnswer => ({
    success: true,
    sessionId: session.id,
    tableId: input.tableId,
    tableName: name,
    redirectUrl: withQuery('/guest/table-confirmation', { sessionId: session.id, tableId: input.tableId }),
  });
  if (session.table_id === input.tableId) return answer(await tableName(trx, session.venue_id, input.tableId));
  if (session.table_id) {
    throw conflict(MESSAGES.guestAlreadySeated(await tableName(trx, session.venue_id, session.table_id)), 'conflict');
  }
  const table = await findTableInVenue(trx, guest.venueId, input.tableId, { forUpdate: true });
  if (!table) throw notFound('Table');
  const now = deps.now();
  if (!heldUntil(table, session.id, now)) throw conflict(MESSAGES.unableToConfirmTable, 'hold_not_live');
  const move = tableTransition('HOLD_SOFT', 'confirmSeat', 'guest');
  if (!move.ok) throw conflict(move.reason, 'transition_refused');

  const seated = await seatSession(trx, session.id, {
    tableId: table.id,
    ...(input.partySize ? { partySize: input.partySize } : {}),
    ...(input.guestName ? { guestName: input.guestName } : {}),
    ...(input.guestPhone ? { guestPhone: input.guestPhone } : {}),
    ...(input.guestEmail ? { guestEmail: input.guestEmail } : {}),
  });
  const row = await seatTable(trx, table.id, {
    state: move.to,
    partyName: seated.guest_name,
    guestCount: seated.party_size,
    at: now,
  });
  const scope = { orgId: session.org_id, venueId: session.venue_id, at: now };
  await announceTable(trx, row, now);
  await appendEvent(trx, { ...scope, event: { type: 'guest.checkedin', session: presentSession(seated) } });
  // A party that was still in line has its table now: it leaves the line.
  const party = await findWaitingPartyOfSession(trx, session.id);
  if (party) {
    const entry = presentWaitlistEntry(await setWaitlistStatus(trx, party.id, 'SEATED', now));
    await appendEvent(trx, { ...scope, event: { type: 'waitlist.updated', entry } });
  }
  return answer(table.name);
}

const SWEEP_BATCH = 100;

/** Frees tables whose guest hold ran out, each with its table.state.changed; answers how many. */
export async function releaseExpiredHolds(deps: Pick<AppDeps, 'db' | 'now'>): Promise<number> {
  const now = deps.now();
  return deps.db.transaction(async (trx) => {
    const expired = await lockExpiredHolds(trx, now, SWEEP_BATCH);
    for (const table of expired) {
      const move = tableTransition(table.state as TableState, 'holdExpired', 'automation');
      if (!move.ok) continue;
      await announceTable(trx, await endHold(trx, table.id, move.to, now), now);
    }
    return expired.length;
  });
}
