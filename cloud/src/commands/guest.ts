// Guests: a table's QR code, scanning it, and checking in at the table it names.
import { randomUUID } from 'node:crypto';
import {
  type GuestCheckinRequest,
  MESSAGES,
  type ScanAnswer,
  type TableQrAnswer,
  type TableState,
  tableMove,
} from '@tablewise/shared';
import type { z } from 'zod';
import type { AppDeps, Queryable, StaffActor, Trx, VenueActor } from '../context.js';
import { conflict, forbidden, invalidQrToken, notFound } from '../errors.js';
import { canManageTerminals } from '../policies/staff-scope.js';
import { presentSession, presentTable } from '../presenters/index.js';
import { appendEvent } from '../realtime/append-event.js';
import { findActiveSessionAtTable, insertSession } from '../repositories/sessions.js';
import { findTableInVenue, type QrTableRow, rotateQrGeneration, seatTable } from '../repositories/tables.js';
import { findVenue } from '../repositories/venues.js';
import { type QrTarget, signQrToken, verifyQrToken } from '../security/tokens.js';

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

/**
 * Who may retire a table's code: whoever may pair the venue's terminals (a manager, or
 * MANAGE_SETTINGS), and whoever was granted MANAGE_TABLES.
 */
function canRotateTableQr(staff: StaffActor): boolean {
  return staff.permissions.includes('MANAGE_TABLES') || canManageTerminals(staff);
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
  const { target, table } = await verifiedTarget(deps.db, deps.secret, token);
  if (input.expectedTableId && input.expectedTableId !== target.tableId) {
    return { success: false, error: MESSAGES.qrWrongTable, tableId: table.id, tableName: table.name };
  }
  return {
    success: true,
    type: 'table',
    tableId: table.id,
    tableName: table.name,
    venueId: target.venueId,
    redirectUrl: checkinPath(target, token),
  };
}

export interface CheckinResult {
  sessionId: string;
  tableId: string;
  tableName: string;
}

/**
 * Seats the party at the QR code's table: a new dining session, the table OCCUPIED. A guest who
 * scans a table whose party is already seated joins that party's session instead. Whether the
 * table may be seated is the table state machine's answer for a guest's move to OCCUPIED.
 */
export async function checkIn(
  trx: Trx,
  deps: Pick<AppDeps, 'secret' | 'now'>,
  input: CheckinInput,
): Promise<CheckinResult> {
  const { target, venue } = await verifiedTarget(trx, deps.secret, input.token);
  if ((input.tableId && input.tableId !== target.tableId) || (input.venueId && input.venueId !== target.venueId)) {
    throw invalidQrToken();
  }
  // Checked again under the row lock: a rotation that committed meanwhile retires this code.
  const table = await findTableInVenue(trx, venue.id, target.tableId, { forUpdate: true });
  if (!table || table.qr_generation !== target.generation) throw invalidQrToken();
  const seated = await findActiveSessionAtTable(trx, table.id);
  if (seated) return { sessionId: seated.id, tableId: table.id, tableName: table.name };
  const seat = tableMove(table.state as TableState, 'OCCUPIED', 'guest');
  if (!seat.ok) throw conflict(MESSAGES.tableUnavailable(table.name), 'table_unavailable');

  const now = deps.now();
  const session = await insertSession(trx, {
    id: randomUUID(),
    org_id: venue.org_id,
    venue_id: venue.id,
    table_id: table.id,
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
  const updated = await seatTable(trx, table.id, {
    state: seat.to,
    partyName: input.guestName ?? null,
    guestCount: input.partySize,
    at: now,
  });
  const presentedTable = presentTable(updated);
  const scope = { orgId: venue.org_id, venueId: venue.id, at: now };
  await appendEvent(trx, {
    ...scope,
    event: { type: 'table.state.changed', tableId: table.id, state: presentedTable.state, table: presentedTable },
  });
  await appendEvent(trx, { ...scope, event: { type: 'guest.checkedin', session: presentSession(session) } });
  return { sessionId: session.id, tableId: table.id, tableName: table.name };
}
