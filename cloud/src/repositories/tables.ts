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
