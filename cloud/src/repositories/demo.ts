// Load Demo Data's rows (POST /api/demo/populate): one press at a time per venue, the demo floor's
// tables added where their numbers are free.
import type { Queryable, Trx } from '../context.js';
import type { TableRow } from './rows.js';

/** Presses at one venue take turns, so two at once never add the same party or item twice. */
export async function lockDemoPopulate(trx: Trx, venueId: string): Promise<void> {
  await trx.raw('select pg_advisory_xact_lock(hashtext(?))', [`demo-populate:${venueId}`]);
}

export type NewTableRow = Omit<
  TableRow,
  'state' | 'hold_expires_at' | 'party_name' | 'guest_count' | 'time_seated' | 'held_by_session_id' | 'updated_at'
> & { restaurant_id: string | null };

/** Adds the tables whose numbers the venue has not taken (EMPTY, with their status cache row);
 * answers the ones added. */
export async function insertTablesWhereFree(trx: Trx, rows: readonly NewTableRow[], at: Date): Promise<TableRow[]> {
  if (rows.length === 0) return [];
  const added = await trx<TableRow>('tables')
    .insert(rows.map((r) => ({ ...r, created_at: at, updated_at: at })) as never)
    .onConflict(['venue_id', 'number'])
    .ignore()
    .returning('*');
  if (added.length > 0) {
    await trx('table_status_cache')
      .insert(added.map((t) => ({ table_id: t.id, org_id: t.org_id, venue_id: t.venue_id, status: 'EMPTY' })))
      .onConflict('table_id')
      .ignore();
  }
  return added;
}

export async function countVenueTables(q: Queryable, venueId: string): Promise<number> {
  const row = await q('tables').where({ venue_id: venueId }).count<{ count: string }>('id as count').first();
  return Number(row?.count ?? 0);
}

/** The venue's restaurant profile, which its tables belong to, if it has one. */
export async function restaurantOfVenue(q: Queryable, venueId: string): Promise<string | null> {
  const row = await q('restaurants').where({ primary_venue_id: venueId }).first<{ id: string } | undefined>('id');
  return row?.id ?? null;
}
