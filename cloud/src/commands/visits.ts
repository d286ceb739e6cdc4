// Recent check-ins and check-outs (GET /api/checkin, GET /api/checkout; spec 1 section 7), and the
// venue's order items (GET /api/order-items): reads of what the venue's sessions and orders hold.
import {
  checkinsAnswer,
  checkoutsAnswer,
  type OrderItemsFilter,
  orderItemsAnswer,
  type VenueOrderItem,
  type Visit,
  visitsSince,
} from '@tablewise/shared';
import type { Queryable, VenueActor } from '../context.js';
import { presentOrderItem } from '../presenters/index.js';
import { listVenueOrderItems } from '../repositories/orders.js';
import { listVisits, type VisitRow } from '../repositories/sessions.js';

function presentVisit(row: VisitRow): Visit {
  return {
    sessionId: row.id,
    tableId: row.table_id,
    tableName: row.table_name,
    reservationId: row.reservation_id,
    partySize: row.party_size,
    guestName: row.guest_name,
    status: row.status,
    checkinTime: row.started_at.toISOString(),
    checkoutTime: row.closed_at ? row.closed_at.toISOString() : null,
  };
}

export async function recentCheckins(
  q: Queryable,
  actor: Pick<VenueActor, 'venueId'>,
  query: { since?: string | undefined; limit: number },
  now: Date,
): Promise<Visit[]> {
  const since = visitsSince(query.since, now);
  const rows = await listVisits(q, actor.venueId, 'started_at', since, query.limit);
  return checkinsAnswer(rows.map(presentVisit), since, query.limit);
}

export async function recentCheckouts(
  q: Queryable,
  actor: Pick<VenueActor, 'venueId'>,
  query: { since?: string | undefined; limit: number },
  now: Date,
): Promise<Visit[]> {
  const since = visitsSince(query.since, now);
  const rows = await listVisits(q, actor.venueId, 'closed_at', since, query.limit);
  return checkoutsAnswer(rows.map(presentVisit), since, query.limit);
}

export async function venueOrderItems(
  q: Queryable,
  actor: Pick<VenueActor, 'orgId' | 'venueId'>,
  filter: OrderItemsFilter,
): Promise<VenueOrderItem[]> {
  const rows = await listVenueOrderItems(q, actor.venueId, filter);
  return orderItemsAnswer(
    rows.map((row) => ({
      ...presentOrderItem(row),
      orgId: row.org_id,
      sessionId: row.session_id,
      tableId: row.table_id,
      tableName: row.table_name,
    })),
    filter.limit,
  );
}
