// Analytics from rollups (issue 26): GET /api/analytics reads hourly sums per venue, kept by a
// trigger on `events` in the transaction that writes the events, so a year-old busy venue answers
// as fast as a new one and no request scans events. The trigger is per statement, over the
// statement's new rows (a transition table): the commit-time numbering (0010) inserts a batch's
// events in one statement, so a write adds one upsert per venue-hour, not one per event.
//
// What each event adds (amounts in cents, times in seconds):
// - order.created: an order and its total; its items' totals by menu category.
// - payment.status.changed to COMPLETED: a payment, its amount and tip, by method (REFUNDED takes
//   them back).
// - guest.checkedin at a table: a party and its covers.  guest.departed: a turn and its length.
// - waitlist.updated to SEATED: a seated party, the quoted range (min + max) and the actual wait.
// - order.item.status.changed to READY_FOR_RUN: a ticket of its station, fired (fireAt) to ready.
// - any table.* event: the spec's turnover count.
import type { Knex } from 'knex';

const cents = (json: string) => `round((${json})::numeric * 100)::bigint`;
const seconds = (later: string, earlier: string) =>
  `greatest(0, extract(epoch from ((${later})::timestamptz - (${earlier})::timestamptz)))::bigint`;

/** The two upserts that fold `source`'s events into the rollups; the trigger runs them over its
 * @internal
 * transition table, the migration once over the events already stored. */
export function rollupStatements(source: string): string[] {
  const hour = "date_trunc('hour', e.created_at, 'UTC')";
  const paid =
    "e.type = 'payment.status.changed' AND e.payload_json->'payment'->>'status' IN ('COMPLETED', 'REFUNDED')";
  const sign = "CASE WHEN e.payload_json->'payment'->>'status' = 'REFUNDED' THEN -1 ELSE 1 END";
  const seatedAtTable = "e.type = 'guest.checkedin' AND e.payload_json->'session'->>'tableId' IS NOT NULL";
  const waitSeated = "e.type = 'waitlist.updated' AND e.payload_json->'entry'->>'status' = 'SEATED'";
  const hours = `
    INSERT INTO analytics_hours AS a (venue_id, org_id, hour, orders, order_cents, payments, revenue_cents, tip_cents,
      parties, covers, turns, turn_seconds, table_events, waits, quoted_minutes, wait_seconds)
    SELECT e.venue_id, (array_agg(e.org_id))[1], ${hour},
      count(*) FILTER (WHERE e.type = 'order.created'),
      coalesce(sum(${cents("e.payload_json->'order'->>'total'")}) FILTER (WHERE e.type = 'order.created'), 0),
      coalesce(sum(${sign}) FILTER (WHERE ${paid}), 0),
      coalesce(sum(${sign} * ${cents("e.payload_json->'payment'->>'amount'")}) FILTER (WHERE ${paid}), 0),
      coalesce(sum(${sign} * ${cents("e.payload_json->'payment'->>'tipAmount'")}) FILTER (WHERE ${paid}), 0),
      count(*) FILTER (WHERE ${seatedAtTable}),
      coalesce(sum((e.payload_json->'session'->>'partySize')::int) FILTER (WHERE ${seatedAtTable}), 0),
      count(*) FILTER (WHERE e.type = 'guest.departed'),
      coalesce(sum(${seconds("coalesce(e.payload_json->'session'->>'closedAt', e.created_at::text)", "e.payload_json->'session'->>'startedAt'")})
        FILTER (WHERE e.type = 'guest.departed'), 0),
      count(*) FILTER (WHERE e.type LIKE 'table.%'),
      count(*) FILTER (WHERE ${waitSeated}),
      coalesce(sum(coalesce((e.payload_json->'entry'->>'quotedMinWait')::int, 0)
        + coalesce((e.payload_json->'entry'->>'quotedMaxWait')::int, 0)) FILTER (WHERE ${waitSeated}), 0),
      coalesce(sum(${seconds("coalesce(e.payload_json->'entry'->>'seatedAt', e.created_at::text)", "e.payload_json->'entry'->>'createdAt'")})
        FILTER (WHERE ${waitSeated}), 0)
    FROM ${source} e
    WHERE e.type IN ('order.created', 'payment.status.changed', 'guest.checkedin', 'guest.departed', 'waitlist.updated')
       OR e.type LIKE 'table.%'
    GROUP BY e.venue_id, ${hour}
    ON CONFLICT (venue_id, hour) DO UPDATE SET
      orders = a.orders + excluded.orders, order_cents = a.order_cents + excluded.order_cents,
      payments = a.payments + excluded.payments, revenue_cents = a.revenue_cents + excluded.revenue_cents,
      tip_cents = a.tip_cents + excluded.tip_cents, parties = a.parties + excluded.parties,
      covers = a.covers + excluded.covers, turns = a.turns + excluded.turns,
      turn_seconds = a.turn_seconds + excluded.turn_seconds, table_events = a.table_events + excluded.table_events,
      waits = a.waits + excluded.waits, quoted_minutes = a.quoted_minutes + excluded.quoted_minutes,
      wait_seconds = a.wait_seconds + excluded.wait_seconds`;
  const keyed = `
    INSERT INTO analytics_hour_keys AS k (venue_id, hour, dimension, key, n, total)
    SELECT venue_id, hour, dimension, key, sum(n), sum(total) FROM (
      SELECT e.venue_id, ${hour} AS hour, 'station' AS dimension,
             coalesce(e.payload_json->'item'->>'station', '') AS key, 1::bigint AS n,
             ${seconds('e.created_at', "e.payload_json->'item'->>'fireAt'")} AS total
        FROM ${source} e
       WHERE e.type = 'order.item.status.changed' AND e.payload_json->>'to' = 'READY_FOR_RUN'
      UNION ALL
      SELECT e.venue_id, ${hour}, 'method', coalesce(e.payload_json->'payment'->>'paymentMethod', 'other'), ${sign},
             ${sign} * ${cents("e.payload_json->'payment'->>'amount'")}
        FROM ${source} e
       WHERE ${paid}
      UNION ALL
      SELECT e.venue_id, ${hour}, 'category', coalesce(m.category, 'Other'), (i->>'quantity')::bigint,
             ${cents("i->>'totalPrice'")}
        FROM ${source} e
        CROSS JOIN LATERAL jsonb_array_elements(e.payload_json->'order'->'items') AS i
        LEFT JOIN menu_items m ON m.id = (i->>'menuItemId')::uuid
       WHERE e.type = 'order.created'
    ) x
    GROUP BY venue_id, hour, dimension, key
    ON CONFLICT (venue_id, hour, dimension, key) DO UPDATE SET n = k.n + excluded.n, total = k.total + excluded.total`;
  return [hours, keyed];
}

// One statement per call: the embedded database (PGlite) prepares each.
export async function up(knex: Knex): Promise<void> {
  await knex.raw(`
    CREATE TABLE analytics_hours (
      venue_id uuid NOT NULL REFERENCES venues (id) ON DELETE CASCADE,
      org_id uuid NOT NULL,
      hour timestamptz NOT NULL,
      orders integer NOT NULL DEFAULT 0,
      order_cents bigint NOT NULL DEFAULT 0,
      payments integer NOT NULL DEFAULT 0,
      revenue_cents bigint NOT NULL DEFAULT 0,
      tip_cents bigint NOT NULL DEFAULT 0,
      parties integer NOT NULL DEFAULT 0,
      covers integer NOT NULL DEFAULT 0,
      turns integer NOT NULL DEFAULT 0,
      turn_seconds bigint NOT NULL DEFAULT 0,
      table_events integer NOT NULL DEFAULT 0,
      waits integer NOT NULL DEFAULT 0,
      quoted_minutes bigint NOT NULL DEFAULT 0,
      wait_seconds bigint NOT NULL DEFAULT 0,
      PRIMARY KEY (venue_id, hour)
    )`);
  await knex.raw(`
    CREATE TABLE analytics_hour_keys (
      venue_id uuid NOT NULL REFERENCES venues (id) ON DELETE CASCADE,
      hour timestamptz NOT NULL,
      dimension text NOT NULL,
      key text NOT NULL,
      n bigint NOT NULL DEFAULT 0,
      total bigint NOT NULL DEFAULT 0,
      PRIMARY KEY (venue_id, dimension, hour, key)
    )`);
  // the last-hour window reads the newest orders of a venue
  await knex.raw('CREATE INDEX orders_venue_created ON orders (venue_id, created_at)');
  const [hours, keyed] = rollupStatements('new_events');
  await knex.raw(`
    CREATE FUNCTION analytics_rollup() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      ${hours};
      ${keyed};
      RETURN NULL;
    END $$`);
  await knex.raw(`
    CREATE TRIGGER events_analytics AFTER INSERT ON events REFERENCING NEW TABLE AS new_events
      FOR EACH STATEMENT EXECUTE FUNCTION analytics_rollup()`);
  for (const statement of rollupStatements('events')) await knex.raw(statement);
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('DROP TRIGGER events_analytics ON events');
  await knex.raw('DROP FUNCTION analytics_rollup()');
  await knex.raw('DROP TABLE analytics_hour_keys');
  await knex.raw('DROP TABLE analytics_hours');
  await knex.raw('DROP INDEX orders_venue_created');
}
