// When items went from fired to ready, from the venue's own events: ready is the event that moved an
// item to READY_FOR_RUN; fired is its first move to SENT_TO_KITCHEN, or, for an item that went to
// the kitchen as it was ordered (no such event), its fire time. The hot table only: the window
// (KITCHEN_TICKET_WINDOW_MS, 12 hours) lies far inside EVENTS_HOT_RETENTION_MS.
import type { Queryable } from '../context.js';

export interface TicketTimeRow {
  station: string | null;
  fired_at: Date;
  ready_at: Date;
}

export async function listTicketTimes(q: Queryable, venueId: string, since: Date): Promise<TicketTimeRow[]> {
  const result = await q.raw<{ rows: TicketTimeRow[] }>(
    `with ready as (
       select payload_json->'item'->>'id' as item_id, payload_json->'item'->>'station' as station,
              max(created_at) as ready_at
         from events
        where venue_id = ? and type = 'order.item.status.changed' and payload_json->>'to' = 'READY_FOR_RUN'
          and created_at >= ?
        group by 1, 2
     ), fired as (
       select payload_json->'item'->>'id' as item_id, min(created_at) as fired_at
         from events
        where venue_id = ? and type = 'order.item.status.changed' and payload_json->>'to' = 'SENT_TO_KITCHEN'
          and payload_json->'item'->>'id' in (select item_id from ready)
        group by 1
     )
     select r.station, coalesce(f.fired_at, i.fire_at) as fired_at, r.ready_at
       from ready r
       join order_items i on i.id::text = r.item_id
       left join fired f on f.item_id = r.item_id`,
    [venueId, since, venueId],
  );
  return result.rows;
}
