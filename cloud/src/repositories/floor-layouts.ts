// The venue's floor layout versions (migration 0027), and what Publish needs of its tables: which
// are in use and by whom, and the table writes themselves.
import type { PlacedTable } from '@tablewise/shared';
import type { Queryable, Trx } from '../context.js';
import type { TableRow } from './rows.js';

export interface FloorLayoutRow {
  id: string;
  org_id: string;
  venue_id: string;
  version: number;
  layout_json: unknown;
  saved_by: string | null;
  saved_by_name: string;
  saved_at: Date;
  note: string | null;
  published_at: Date | null;
}

interface Scope {
  orgId: string;
  venueId: string;
}

/** Serialises every layout change of a venue: the venue's row, held until commit. */
export async function lockVenueLayouts(trx: Trx, { orgId, venueId }: Scope): Promise<void> {
  await trx('venues').where({ id: venueId, org_id: orgId }).forUpdate().first('id');
}

export async function latestLayout(q: Queryable, { orgId, venueId }: Scope): Promise<FloorLayoutRow | undefined> {
  return q<FloorLayoutRow>('floor_layout_versions')
    .where({ org_id: orgId, venue_id: venueId })
    .orderBy('version', 'desc')
    .first();
}

export async function publishedVersion(q: Queryable, { orgId, venueId }: Scope): Promise<number | null> {
  const row = await q<FloorLayoutRow>('floor_layout_versions')
    .where({ org_id: orgId, venue_id: venueId })
    .whereNotNull('published_at')
    .max<{ max: number | null }>('version as max')
    .first();
  return row?.max ?? null;
}

/** The version last published, whole, or undefined when the venue never published one. */
export async function publishedLayoutRow(q: Queryable, { orgId, venueId }: Scope): Promise<FloorLayoutRow | undefined> {
  return q<FloorLayoutRow>('floor_layout_versions')
    .where({ org_id: orgId, venue_id: venueId })
    .whereNotNull('published_at')
    .orderBy('version', 'desc')
    .first();
}

/** The layout of the version last published, or undefined when the venue never published one. */
export async function publishedLayout(q: Queryable, { orgId, venueId }: Scope): Promise<unknown> {
  const row = await q<FloorLayoutRow>('floor_layout_versions')
    .where({ org_id: orgId, venue_id: venueId })
    .whereNotNull('published_at')
    .orderBy('version', 'desc')
    .first('layout_json');
  return row?.layout_json;
}

export async function findLayoutVersion(
  q: Queryable,
  { orgId, venueId }: Scope,
  version: number,
): Promise<FloorLayoutRow | undefined> {
  return q<FloorLayoutRow>('floor_layout_versions').where({ org_id: orgId, venue_id: venueId, version }).first();
}

/** Newest first; the layouts stay out (a list of a hundred versions is small this way). */
export async function listLayoutVersions(q: Queryable, { orgId, venueId }: Scope): Promise<FloorLayoutRow[]> {
  return q<FloorLayoutRow>('floor_layout_versions')
    .where({ org_id: orgId, venue_id: venueId })
    .orderBy('version', 'desc')
    .limit(200);
}

export async function insertLayoutVersion(trx: Trx, row: FloorLayoutRow): Promise<FloorLayoutRow> {
  const [inserted] = await trx<FloorLayoutRow>('floor_layout_versions')
    .insert({ ...row, layout_json: JSON.stringify(row.layout_json) as unknown })
    .returning('*');
  return inserted as FloorLayoutRow;
}

export async function lockVenueTables(trx: Trx, venueId: string): Promise<TableRow[]> {
  return trx<TableRow>('tables').where({ venue_id: venueId }).forUpdate();
}

/** The party seated at each table (an active dining session). */
export async function seatedParties(
  q: Queryable,
  venueId: string,
): Promise<{ table_id: string; guest_name: string | null }[]> {
  return q('sessions')
    .where({ venue_id: venueId, status: 'ACTIVE' })
    .whereNotNull('table_id')
    .select('table_id', 'guest_name');
}

/** Tables with orders not yet closed, and whose they are. */
export async function tablesWithOpenOrders(
  q: Queryable,
  venueId: string,
): Promise<{ table_id: string; guest_name: string | null }[]> {
  return q('orders as o')
    .join('sessions as s', 's.id', 'o.session_id')
    .where('o.venue_id', venueId)
    .whereNot('o.status', 'CLOSED')
    .whereNotNull('s.table_id')
    .distinct('s.table_id as table_id', 's.guest_name as guest_name');
}

/** Bookings still to come or checked in, with the tables they hold. */
export async function heldByReservations(
  q: Queryable,
  venueId: string,
  now: Date,
): Promise<{ locked_table_ids: string[]; guest_contact: { name?: string } | null }[]> {
  return q('reservations')
    .where({ venue_id: venueId })
    .whereIn('status', ['CONFIRMED', 'CHECKED_IN'])
    .where('slot_end', '>', now)
    .whereRaw('cardinality(locked_table_ids) > 0')
    .select('locked_table_ids', 'guest_contact');
}

function columnsOf(t: PlacedTable) {
  return {
    number: t.number,
    name: t.name,
    shape: t.shape,
    capacity: t.capacity,
    capacity_max: t.capacityMax,
    x_position: t.xPosition,
    y_position: t.yPosition,
    rotation: t.rotation,
    zone: t.zone,
  };
}

/**
 * Writes a publish: retired tables go first and every kept table steps aside to a number no one
 * types (its id), so numbers may be swapped or reused without meeting themselves mid-way.
 */
export async function writePublishedTables(
  trx: Trx,
  scope: Scope,
  plan: { creates: PlacedTable[]; updates: PlacedTable[]; retires: { id: string }[] },
  now: Date,
): Promise<void> {
  const { orgId, venueId } = scope;
  if (plan.retires.length > 0) {
    await trx('tables')
      .where({ venue_id: venueId })
      .whereIn(
        'id',
        plan.retires.map((t) => t.id),
      )
      .delete();
  }
  const renumbered = plan.updates.map((t) => t.id);
  if (renumbered.length > 0) {
    await trx('tables')
      .where({ venue_id: venueId })
      .whereIn('id', renumbered)
      .update({ number: trx.raw("'~' || id::text") });
  }
  // Every kept table in one statement (a publish of 200 tables made 200 round trips: bench F2).
  if (plan.updates.length > 0) {
    await trx.raw(
      `UPDATE tables AS t
          SET number = v.number, name = v.name, shape = v.shape, capacity = v.capacity,
              capacity_max = v.capacity_max, x_position = v.x_position, y_position = v.y_position,
              rotation = v.rotation, zone = v.zone, updated_at = ?
         FROM jsonb_to_recordset(?::jsonb) AS v(id uuid, number text, name text, shape text, capacity int,
              capacity_max int, x_position numeric, y_position numeric, rotation numeric, zone text)
        WHERE t.id = v.id AND t.venue_id = ?`,
      [now, JSON.stringify(plan.updates.map((t) => ({ id: t.id, ...columnsOf(t) }))), venueId],
    );
  }
  if (plan.creates.length > 0) {
    await trx('tables').insert(
      plan.creates.map((t) => ({
        id: t.id,
        org_id: orgId,
        venue_id: venueId,
        ...columnsOf(t),
        capacity_min: 1,
        created_at: now,
        updated_at: now,
      })),
    );
  }
}

export async function markPublished(trx: Trx, id: string, at: Date): Promise<void> {
  await trx('floor_layout_versions').where({ id }).update({ published_at: at });
}
