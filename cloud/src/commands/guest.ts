// Guests: a table's QR code, scanning it, and checking in at the table it names.
import { randomUUID } from 'node:crypto';
import {
  type CheckinRoute,
  checkinRoute,
  type EntranceQrAnswer,
  effectiveTableState,
  entranceCodeRequired,
  entranceCodeRetired,
  GUEST_WITHOUT_NAME,
  type GuestCheckinRequest,
  guestEstimatedWaitMinutes,
  holdsPermission,
  MESSAGES,
  partyQuote,
  type ScanAnswer,
  type TableQrAnswer,
  type TableQrCodes,
  type TableState,
  tableTransition,
} from '@tablewise/shared';
import type { z } from 'zod';
import type { AppDeps, Queryable, StaffActor, Trx, VenueActor } from '../context.js';
import { badRequest, conflict, forbidden, invalidQrToken, notFound } from '../errors.js';
import { canManageTerminals } from '../policies/staff-scope.js';
import { presentSession, presentTable, presentWaitlistEntry } from '../presenters/index.js';
import { appendEvent } from '../realtime/append-event.js';
import type { TableRow, VenueRow } from '../repositories/rows.js';
import { findActiveSessionAtTable, insertSession } from '../repositories/sessions.js';
import {
  findTableInVenue,
  listTables,
  type QrTableRow,
  rotateQrGeneration,
  seatTable,
} from '../repositories/tables.js';
import { findVenue, rotateEntranceGeneration } from '../repositories/venues.js';
import {
  findWaitlistEntry,
  insertWaitlistEntry,
  listActiveWaitlist,
  nextWaitlistPosition,
} from '../repositories/waitlist.js';
import {
  type EntranceTarget,
  type QrTarget,
  signEntranceToken,
  signExitToken,
  signQrToken,
  verifyEntranceToken,
  verifyExitToken,
  verifyQrToken,
} from '../security/tokens.js';
import { isTableFree } from './guest-holds.js';
import { askToJoinParty } from './party-phones.js';

type CheckinInput = z.output<typeof GuestCheckinRequest>;

function checkinPath(target: QrTarget, token: string): string {
  const query = new URLSearchParams({ tableId: target.tableId, venueId: target.venueId, token });
  return `/guest/checkin?${query.toString()}`;
}

function qrAnswer(deps: Pick<AppDeps, 'secret' | 'publicUrl'>, table: QrTableRow): TableQrAnswer {
  const target = { venueId: table.venue_id, tableId: table.id, generation: table.qr_generation };
  const token = signQrToken(deps.secret, target);
  return { url: `${deps.publicUrl}${checkinPath(target, token)}`, token };
}

export async function tableQr(
  deps: Pick<AppDeps, 'db' | 'secret' | 'publicUrl'>,
  actor: VenueActor,
  tableId: string,
): Promise<TableQrAnswer> {
  const table = await findTableInVenue(deps.db, actor.venueId, tableId);
  if (!table) throw notFound('Table');
  return qrAnswer(deps, table);
}

/** Every table's signed link, in table-number order, with the venue's name: the QR sheet. */
export async function tableQrCodes(
  deps: Pick<AppDeps, 'db' | 'secret' | 'publicUrl'>,
  actor: VenueActor,
): Promise<TableQrCodes> {
  const venue = await deps.db('venues').where({ id: actor.venueId }).first('name', 'tz');
  const tables = (await deps.db<QrTableRow>('tables').where({ venue_id: actor.venueId })).sort((a, b) =>
    a.number.localeCompare(b.number, 'en', { numeric: true }),
  );
  return {
    venueName: venue?.name ?? '',
    timezone: venue?.tz ?? 'UTC',
    codes: tables.map((t) => ({ tableId: t.id, number: t.number, name: t.name, url: qrAnswer(deps, t).url })),
  };
}

/** The venue's exit code: a link to the exit page carrying the signed exit token. */
export function exitQr(deps: Pick<AppDeps, 'secret' | 'publicUrl'>, actor: VenueActor): TableQrAnswer {
  const token = signExitToken(deps.secret, actor.venueId);
  const query = new URLSearchParams({ exitCode: token });
  return { url: `${deps.publicUrl}/guest/exit?${query.toString()}`, token };
}

/** The entrance's check-in link: the venue and its signed entrance code. */
function entrancePath(target: EntranceTarget, token: string): string {
  const query = new URLSearchParams({ venueId: target.venueId, token });
  return `/guest/checkin?${query.toString()}`;
}

function entranceAnswer(deps: Pick<AppDeps, 'secret' | 'publicUrl'>, venue: VenueRow): EntranceQrAnswer {
  const target = { venueId: venue.id, generation: venue.entrance_generation };
  const token = signEntranceToken(deps.secret, target);
  return { url: `${deps.publicUrl}${entrancePath(target, token)}`, token, venueName: venue.name, timezone: venue.tz };
}

/** The venue's entrance code: the link a walk-in's phone opens from the QR code at the door. */
export async function entranceQr(
  deps: Pick<AppDeps, 'db' | 'secret' | 'publicUrl'>,
  actor: VenueActor,
): Promise<EntranceQrAnswer> {
  const venue = await findVenue(deps.db, actor.venueId);
  if (!venue) throw notFound('Venue');
  return entranceAnswer(deps, venue);
}

/**
 * Gives the venue a new entrance code and retires every earlier one. No live event: the generation
 * is in no answer a screen or terminal holds; the screen that rotated reads the new code.
 */
export async function rotateEntranceQr(
  trx: Trx,
  deps: Pick<AppDeps, 'secret' | 'publicUrl'>,
  staff: StaffActor,
): Promise<EntranceQrAnswer> {
  const venue = await rotateEntranceGeneration(trx, staff.venueId);
  if (!venue) throw notFound('Venue');
  return entranceAnswer(deps, venue);
}

/**
 * The venue an entrance code lets a walk-in into, or null when `token` is not an entrance code at
 * all (it may be a table's). A real code that was rotated since is refused as such.
 */
export async function verifiedEntrance(q: Queryable, secret: string, token: string | undefined) {
  const target = token ? verifyEntranceToken(secret, token) : null;
  if (!target) return null;
  const venue = await findVenue(q, target.venueId);
  if (!venue) throw invalidQrToken();
  if (venue.entrance_generation !== target.generation) throw entranceCodeRetired();
  return { target, venue };
}

/** The token in a scanned exit code: the exit link's exitCode, or the bare text. */
function tokenOfExitData(qrData: string): string {
  const text = qrData.trim();
  if (!text.includes('exitCode=')) return text;
  try {
    return new URL(text, 'http://qr.invalid').searchParams.get('exitCode') ?? '';
  } catch {
    return '';
  }
}

/**
 * The venue whose exit code was scanned. Only the exit code will do: a table's code is stored on
 * every phone that checked in, so it would prove nothing about being at the exit.
 */
export async function verifiedExitVenue(q: Queryable, secret: string, qrData: string): Promise<string> {
  const venueId = verifyExitToken(secret, tokenOfExitData(qrData));
  if (!venueId || !(await findVenue(q, venueId))) throw invalidQrToken();
  return venueId;
}

/** Who may retire a table's code: whoever holds MANAGE_TABLES or MANAGE_SETTINGS (docs/roles.md). */
function canRotateTableQr(staff: StaffActor): boolean {
  return holdsPermission(staff, 'MANAGE_TABLES') || canManageTerminals(staff);
}

/**
 * Gives the table a new code and retires every earlier one (a photographed code, an old sticker).
 * No live event: the generation is not part of any answer a screen or terminal holds.
 */
export async function rotateTableQr(
  trx: Trx,
  deps: Pick<AppDeps, 'secret' | 'publicUrl'>,
  staff: StaffActor,
  tableId: string,
): Promise<TableQrAnswer> {
  if (!canRotateTableQr(staff)) throw forbidden();
  const table = await rotateQrGeneration(trx, staff.venueId, tableId);
  if (!table) throw notFound('Table');
  return qrAnswer(deps, table);
}

/** The token in a scanned code: the whole check-in URL, or the bare token. */
function tokenOfQrData(qrData: string): string {
  const text = qrData.trim();
  if (!text.includes('token=')) return text;
  try {
    return new URL(text, 'http://qr.invalid').searchParams.get('token') ?? '';
  } catch {
    return '';
  }
}

/** Checks a token, that its table still exists in its venue, and that its code was not rotated since. */
export async function verifiedTarget(q: Queryable, secret: string, token: string | undefined) {
  const target = token ? verifyQrToken(secret, token) : null;
  if (!target) throw invalidQrToken();
  const venue = await findVenue(q, target.venueId);
  const table = venue ? await findTableInVenue(q, venue.id, target.tableId) : undefined;
  if (!venue || !table || table.qr_generation !== target.generation) throw invalidQrToken();
  return { target, venue, table };
}

export async function scanTable(
  deps: Pick<AppDeps, 'db' | 'secret'>,
  input: { qrData: string; expectedTableId?: string | undefined },
): Promise<ScanAnswer> {
  const token = tokenOfQrData(input.qrData);
  const { target, venue, table } = await verifiedTarget(deps.db, deps.secret, token);
  if (input.expectedTableId && input.expectedTableId !== target.tableId) {
    return { success: false, error: MESSAGES.qrWrongTable, tableId: table.id, tableName: table.name };
  }
  return {
    success: true,
    type: 'table',
    tableId: table.id,
    tableName: table.name,
    venueId: target.venueId,
    venueName: venue.name,
    redirectUrl: checkinPath(target, token),
  };
}

export interface CheckinResult {
  route: CheckinRoute;
  sessionId: string;
  /** The table, when the party sits down at once. */
  tableId?: string;
  tableName?: string;
  waitlistId?: string;
  position?: number;
  estimatedWait?: number;
  /** The phone's own id when it is not the party's first phone (issue 27). */
  phoneId?: string;
  /** The phone has just asked to join a party already seated: it waits to be let in. */
  joinPending?: boolean;
}

/**
 * At the entrance any code leads to check-in: the venue's entrance code to a walk-in's, a table's
 * code to that table's (spec 3 section 4, entrance mode).
 */
export async function scanAtEntrance(deps: Pick<AppDeps, 'db' | 'secret'>, qrData: string): Promise<ScanAnswer> {
  const token = tokenOfQrData(qrData);
  const entrance = await verifiedEntrance(deps.db, deps.secret, token);
  if (!entrance) return scanTable(deps, { qrData });
  return {
    success: true,
    type: 'entrance',
    venueId: entrance.venue.id,
    venueName: entrance.venue.name,
    redirectUrl: entrancePath(entrance.target, token),
  };
}

/**
 * Where the guest checks in: the QR code's venue and table, or the venue whose entrance code a
 * walk-in brings. The venue id alone is public (a marketplace page, an old link), so it checks
 * nobody in: a loop of fresh cookies took every table with it (issue 27, probe finding 1).
 */
async function checkinPlace(trx: Trx, secret: string, input: CheckinInput) {
  const entrance = await verifiedEntrance(trx, secret, input.token);
  if (entrance) {
    if (input.tableId || (input.venueId && input.venueId !== entrance.venue.id)) throw invalidQrToken();
    // No lock on the venue: a check-in that read the code just before a rotation is the guest's
    // scan before it, and every event of the venue would queue behind the lock.
    return { venue: entrance.venue, table: undefined };
  }
  if (input.token) {
    const { target, venue } = await verifiedTarget(trx, secret, input.token);
    if ((input.tableId && input.tableId !== target.tableId) || (input.venueId && input.venueId !== target.venueId)) {
      throw invalidQrToken();
    }
    // Checked again under the row lock: a rotation that committed meanwhile retires this code.
    const table = await findTableInVenue(trx, venue.id, target.tableId, { forUpdate: true });
    if (!table || table.qr_generation !== target.generation) throw invalidQrToken();
    return { venue, table };
  }
  // A table needs its signed code, a walk-in the entrance's.
  if (input.tableId) throw invalidQrToken();
  if (input.venueId) throw entranceCodeRequired();
  throw badRequest(MESSAGES.checkinNeedsVenue);
}

/**
 * Checks a party in (spec 3 section 2). At a free QR table that fits the party it sits down at once:
 * a new dining session, the table OCCUPIED. A guest who scans a table whose party is already seated
 * joins that party's session instead. Otherwise the party gets a session without a table and either
 * chooses one (seat selection) when a free table fits it, or joins the waitlist (15 minutes plus 5
 * per place behind the first). Accessibility and a high chair decide what fits.
 */
export async function checkIn(
  trx: Trx,
  deps: Pick<AppDeps, 'secret' | 'now'>,
  input: CheckinInput,
  /** The phone's cookie, if it has one: a phone of the party scanning its table again stays itself. */
  phone?: { sessionId: string; phoneId?: string | undefined },
): Promise<CheckinResult> {
  const { venue, table } = await checkinPlace(trx, deps.secret, input);
  if (table) {
    // A party sits there already: this phone asks to join it and sees nothing of it until a phone
    // of the party or staff let it in (issue 27, finding 2: an old photo of the table's code).
    const seated = await findActiveSessionAtTable(trx, table.id);
    if (seated) {
      if (phone?.sessionId === seated.id) {
        const same = {
          route: 'session_created' as const,
          sessionId: seated.id,
          tableId: table.id,
          tableName: table.name,
        };
        return phone.phoneId ? { ...same, phoneId: phone.phoneId } : same;
      }
      const phoneId = await askToJoinParty(trx, seated, deps.now());
      return {
        route: 'session_created',
        sessionId: seated.id,
        tableId: table.id,
        tableName: table.name,
        phoneId,
        joinPending: true,
      };
    }
  }
  const now = deps.now();
  const needs = {
    partySize: input.partySize,
    needsAccessibility: input.needsAccessibility,
    needsHighChair: input.needsHighChair,
  };
  const fitting = (row: TableRow) => ({ capacityMax: row.capacity_max, isAccessible: row.is_accessible, row });
  const route = checkinRoute({
    qrTable: table ? fitting(table) : null,
    tables: (await listTables(trx, venue.id)).map(fitting),
    needs,
    isFree: (t) => isTableFree(t.row, now),
  });

  const session = await insertSession(trx, {
    id: randomUUID(),
    org_id: venue.org_id,
    venue_id: venue.id,
    table_id: route === 'session_created' && table ? table.id : null,
    party_size: input.partySize,
    guest_name: input.guestName ?? null,
    guest_phone: input.phone || null,
    guest_email: input.guestEmail || null,
    preferences_json: {
      occasion: input.occasion ?? null,
      needsAccessibility: input.needsAccessibility,
      needsHighChair: input.needsHighChair,
    },
    started_at: now,
  });
  const scope = { orgId: venue.org_id, venueId: venue.id, at: now };
  const result: CheckinResult = { route, sessionId: session.id };

  if (route === 'session_created' && table) {
    const from = effectiveTableState(table.state as TableState, table.hold_expires_at, now);
    const seat = tableTransition(from, 'checkIn', 'guest');
    if (!seat.ok) throw conflict(MESSAGES.tableUnavailable(table.name), 'table_unavailable');
    const updated = await seatTable(trx, table.id, {
      state: seat.to,
      partyName: input.guestName ?? null,
      guestCount: input.partySize,
      at: now,
    });
    const presentedTable = presentTable(updated);
    await appendEvent(trx, {
      ...scope,
      event: { type: 'table.state.changed', tableId: table.id, state: presentedTable.state, table: presentedTable },
    });
    Object.assign(result, { tableId: table.id, tableName: table.name });
  }
  await appendEvent(trx, { ...scope, event: { type: 'guest.checkedin', session: presentSession(session) } });

  if (route === 'waitlist') {
    const position = await nextWaitlistPosition(trx, venue.id);
    const place = (await listActiveWaitlist(trx, venue.id)).length + 1;
    const quote = partyQuote({}, place);
    const waitlistId = randomUUID();
    await insertWaitlistEntry(trx, {
      id: waitlistId,
      org_id: venue.org_id,
      venue_id: venue.id,
      guest_name: input.guestName ?? GUEST_WITHOUT_NAME,
      phone: input.phone || null,
      email: input.guestEmail || null,
      party_size: input.partySize,
      quoted_min_wait: quote.min,
      quoted_max_wait: quote.max,
      position,
      status: 'WAITING',
      needs_accessibility: input.needsAccessibility,
      needs_high_chair: input.needsHighChair,
      occasion: input.occasion && input.occasion !== 'none' ? input.occasion : null,
      session_id: session.id,
      created_at: now,
    });
    const row = await findWaitlistEntry(trx, waitlistId);
    if (!row) throw new Error(`Waitlist entry ${waitlistId} was not inserted`);
    await appendEvent(trx, { ...scope, event: { type: 'waitlist.updated', entry: presentWaitlistEntry(row) } });
    Object.assign(result, { waitlistId, position: place, estimatedWait: guestEstimatedWaitMinutes(place) });
  }
  return result;
}
