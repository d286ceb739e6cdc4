import type { Queryable, Trx } from '../context.js';
import type { VenueRow } from './rows.js';

export async function findVenue(q: Queryable, id: string): Promise<VenueRow | undefined> {
  return q<VenueRow>('venues').where({ id }).first();
}

export async function findVenueInOrg(q: Queryable, orgId: string, id: string): Promise<VenueRow | undefined> {
  return q<VenueRow>('venues').where({ id, org_id: orgId }).first();
}

export async function firstVenueOfOrg(q: Queryable, orgId: string): Promise<VenueRow | undefined> {
  return q<VenueRow>('venues')
    .where({ org_id: orgId })
    .orderBy([{ column: 'created_at' }, { column: 'name' }])
    .first();
}

/** The last committed sequence number of a venue's change feed. */
export async function currentEventSeq(q: Queryable, venueId: string): Promise<number> {
  const row = await q<VenueRow>('venues').where({ id: venueId }).first('event_seq');
  return Number(row?.event_seq ?? 0);
}

/**
 * Takes the venue's next sequence number. The row stays locked until the transaction ends, so
 * writers of one venue commit in sequence order and a reader never sees seq n+1 before n.
 */
export async function nextEventSeq(trx: Trx, venueId: string): Promise<number> {
  const rows: Array<{ event_seq: number }> = await trx('venues')
    .where({ id: venueId })
    .increment('event_seq', 1)
    .returning(['event_seq']);
  const row = rows[0];
  if (!row) throw new Error(`Venue ${venueId} does not exist`);
  return Number(row.event_seq);
}
