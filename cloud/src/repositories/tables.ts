import { AVAILABLE_TABLE_STATES } from '@tablewise/shared';
import type { Queryable } from '../context.js';
import type { TableRow } from './rows.js';

export interface TableFilters {
  /** Only tables free for a new party (the shared AVAILABLE_TABLE_STATES). */
  available?: boolean;
  minCapacity?: number;
  accessible?: boolean;
}

export async function listTables(q: Queryable, venueId: string, filters: TableFilters = {}): Promise<TableRow[]> {
  const query = q<TableRow>('tables').where({ venue_id: venueId });
  if (filters.available) query.whereIn('state', [...AVAILABLE_TABLE_STATES]);
  if (filters.minCapacity !== undefined) query.where('capacity_max', '>=', filters.minCapacity);
  if (filters.accessible) query.where({ is_accessible: true });
  // Table numbers are text ("2", "10", "B1"): numbers sort numerically, the rest after them.
  return query.orderByRaw("(case when number ~ '^[0-9]+$' then lpad(number, 10, '0') else number end), id");
}

export async function findTableInVenue(
  q: Queryable,
  venueId: string,
  id: string,
  opts: { forUpdate?: boolean } = {},
): Promise<TableRow | undefined> {
  const query = q<TableRow>('tables').where({ id, venue_id: venueId });
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
