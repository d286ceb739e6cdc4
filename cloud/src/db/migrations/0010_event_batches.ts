// Issue 8 (P1/P2): a venue's events take their sequence numbers at COMMIT, not in a statement before
// it. Numbering locks the venue's row until the transaction ends, and every other writer of the
// venue waits; taken by a statement, the lock was held while the client got the statement's answer
// and sent COMMIT, a round trip that on a busy machine was most of every order's wait. A write now
// leaves its events in event_batches; a deferred trigger, run by PostgreSQL inside the COMMIT,
// locks the venue's row, numbers and inserts the events, queues their notification and deletes
// the batch. Numbers stay gap-free and commit in order (the lock is released only once the commit
// is visible). A batch lives only inside its transaction, so the table is unlogged; it names the
// notification's channel and size limit, which the cloud's code keeps (repositories/events.ts).
import type { Knex } from 'knex';

export async function up(knex: Knex): Promise<void> {
  await knex.raw(`
    CREATE UNLOGGED TABLE event_batches (
      id bigserial PRIMARY KEY,
      venue_id uuid NOT NULL REFERENCES venues (id) ON DELETE CASCADE,
      rows jsonb NOT NULL,
      notify_channel text NOT NULL,
      notify_max_bytes integer NOT NULL
    )`);
  await knex.raw(`
    CREATE FUNCTION number_event_batch() RETURNS trigger LANGUAGE plpgsql AS $$
    DECLARE
      total integer := jsonb_array_length(NEW.rows);
      base bigint;
      note text;
    BEGIN
      UPDATE venues SET event_seq = event_seq + total WHERE id = NEW.venue_id
        RETURNING event_seq - total INTO base;
      IF base IS NULL THEN
        RAISE EXCEPTION 'Venue % does not exist', NEW.venue_id;
      END IF;
      WITH e AS (
        INSERT INTO events (id, org_id, venue_id, seq, user_id, terminal_id, type, payload_json, created_at)
        SELECT x.id, x.org_id, NEW.venue_id, base + x.n, x.user_id, x.terminal_id, x.type,
               x.payload_json || jsonb_build_object('seq', base + x.n), x.created_at
        FROM jsonb_to_recordset(NEW.rows) AS x(
          n integer, id uuid, org_id uuid, user_id uuid, terminal_id uuid, type text, payload_json jsonb,
          created_at timestamptz
        )
        RETURNING seq, payload_json
      )
      SELECT json_build_object('venueId', NEW.venue_id::text, 'events', json_agg(payload_json ORDER BY seq))::text
        INTO note FROM e;
      PERFORM pg_notify(
        NEW.notify_channel,
        CASE WHEN octet_length(note) <= NEW.notify_max_bytes THEN note ELSE NEW.venue_id::text END
      );
      DELETE FROM event_batches WHERE id = NEW.id;
      RETURN NULL;
    END
    $$`);
  await knex.raw(`
    CREATE CONSTRAINT TRIGGER event_batches_number AFTER INSERT ON event_batches
      DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION number_event_batch()`);
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('DROP TABLE IF EXISTS event_batches');
  await knex.raw('DROP FUNCTION IF EXISTS number_event_batch()');
}
