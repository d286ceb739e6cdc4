import type { Queryable } from '../context.js';
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

/** An organization's venues that are open for business, by name. */
export async function listActiveVenuesOfOrg(q: Queryable, orgId: string): Promise<VenueRow[]> {
  return q<VenueRow>('venues')
    .where({ org_id: orgId })
    .andWhere('is_active', true)
    .orderBy([{ column: 'name' }, { column: 'id' }]);
}

/** Retires the venue's entrance code: the next one is signed at the new generation (migration 0070). */
export async function rotateEntranceGeneration(q: Queryable, id: string): Promise<VenueRow | undefined> {
  const [row] = await q<VenueRow>('venues').where({ id }).increment('entrance_generation', 1).returning('*');
  return row;
}
