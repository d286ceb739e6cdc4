import type { Queryable } from '../context.js';
import type { TableRow } from './rows.js';

/** Every table of the venue, in no particular order: tablesAnswer filters and orders them. */
export async function listTables(q: Queryable, venueId: string): Promise<TableRow[]> {
  return q<TableRow>('tables').where({ venue_id: venueId });
}

/** A table with the generation its QR code must carry (migration 0004). */
export type QrTableRow = TableRow & { qr_generation: number };

export async function findTableInVenue(
  q: Queryable,
  venueId: string,
  id: string,
  opts: { forUpdate?: boolean } = {},
): Promise<QrTableRow | undefined> {
  const query = q<QrTableRow>('tables').where({ id, venue_id: venueId });
  if (opts.forUpdate) query.forUpdate();
  return query.first();
}

export async function seatTable(
  q: Queryable,
  id: string,
  seat: { state: string; partyName: string | null; guestCount: number; at: Date },
): Promise<TableRow> {
  const [row] = await q<TableRow>('tables')
    .where({ id })
    .update({
      state: seat.state,
      party_name: seat.partyName,
      guest_count: seat.guestCount,
      time_seated: seat.at,
      hold_expires_at: null,
      held_by_session_id: null,
      updated_at: seat.at,
    })
    .returning('*');
  if (!row) throw new Error(`Table ${id} does not exist`);
  return row;
}

/** Moves the table's QR code to its next generation; every code signed before stops working. */
export async function rotateQrGeneration(q: Queryable, venueId: string, id: string): Promise<QrTableRow | undefined> {
  const [row] = await q<QrTableRow>('tables')
    .where({ id, venue_id: venueId })
    .increment('qr_generation', 1)
    .returning('*');
  return row;
}

/** Puts a guest's hold on the table until `expiresAt` (migration 0009 names the holder). */
export async function holdTableFor(
  q: Queryable,
  id: string,
  hold: { state: string; sessionId: string; expiresAt: Date; at: Date },
): Promise<TableRow> {
  const [row] = await q<TableRow>('tables')
    .where({ id })
    .update({
      state: hold.state,
      hold_expires_at: hold.expiresAt,
      held_by_session_id: hold.sessionId,
      updated_at: hold.at,
    })
    .returning('*');
  if (!row) throw new Error(`Table ${id} does not exist`);
  return row;
}

/** Ends a hold: the table takes `state` (free again) and nobody holds it. */
/** Keeps a guest's hold while its request waits for the host (issue 27): until the request runs out. */
export async function extendHold(q: Queryable, id: string, until: Date, at: Date): Promise<TableRow> {
  const [row] = await q<TableRow>('tables')
    .where({ id })
    .update({ hold_expires_at: until, updated_at: at })
    .returning('*');
  if (!row) throw new Error(`Table ${id} does not exist`);
  return row;
}

export async function endHold(q: Queryable, id: string, state: string, at: Date): Promise<TableRow> {
  const [row] = await q<TableRow>('tables')
    .where({ id })
    .update({ state, hold_expires_at: null, held_by_session_id: null, updated_at: at })
    .returning('*');
  if (!row) throw new Error(`Table ${id} does not exist`);
  return row;
}

/** The session's guest holds that have not run out, other than on `exceptTableId`. */
export async function findLiveHoldsOf(
  q: Queryable,
  sessionId: string,
  now: Date,
  exceptTableId: string,
): Promise<TableRow[]> {
  return q<TableRow>('tables')
    .where({ held_by_session_id: sessionId, state: 'HOLD_SOFT' })
    .where('hold_expires_at', '>', now)
    .whereNot({ id: exceptTableId });
}

/**
 * Guest holds that ran out, locked; rows another transaction has locked are left to the next pass
 * (a guest confirming that table at this moment decides it).
 */
export async function lockExpiredHolds(trx: Queryable, now: Date, limit: number): Promise<TableRow[]> {
  return trx<TableRow>('tables')
    .where({ state: 'HOLD_SOFT' })
    .where('hold_expires_at', '<=', now)
    .orderBy('hold_expires_at')
    .limit(limit)
    .forUpdate()
    .skipLocked();
}

/** The organization a venue belongs to. */
export async function orgOfVenue(q: Queryable, venueId: string): Promise<string | undefined> {
  const row = await q('venues').where({ id: venueId }).first<{ org_id: string } | undefined>('org_id');
  return row?.org_id;
}
