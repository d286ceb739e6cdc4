// Events retention with archived history (issue 27: "events do not slow the hot path as they
// accumulate"). The events table keeps the last EVENTS_HOT_RETENTION_MS of each venue's events;
// the archive job (commands/events-archive.ts) moves older ones here, oldest first, a batch per
// statement, so the hot table, its indexes and the rollup trigger's table stay a month's size
// whatever a venue's age. A venue's numbers come from its counter (venues.event_seq), never from
// max(seq), so numbering is gap-free whatever has been moved.
//
// events_archive has the events' columns in their order (a move is `INSERT ... SELECT *` from the
// deleted rows) and their key, the venue's sequence: (venue_id, seq) is the primary key, so an
// event is archived once. A venue's delete takes its archive with it, and an organization's delete
// does so through its venues (venues.org_id cascades): one foreign key, not the events' two, so a
// move checks one reference a row and keeps no index on org_id. No analytics trigger: the rollups
// counted each event when it was written.
//
// events_all is the venue's whole history, hot and archived, for every reader of old events (a
// terminal's catch-up from an old cursor, the activity feed's pages, the organization's export).
// A move is one statement, so in any snapshot an event is in exactly one of the two tables, and a
// read of the view sees each once. PostgreSQL flattens the UNION ALL and answers `venue_id = ?
// and seq > ? order by seq limit n` by merging the two primary-key scans.
// One statement per call: the embedded database (PGlite) prepares each.
import type { Knex } from 'knex';

export async function up(knex: Knex): Promise<void> {
  await knex.raw(`
    CREATE TABLE events_archive (
      id uuid NOT NULL,
      org_id uuid NOT NULL,
      venue_id uuid NOT NULL REFERENCES venues(id) ON DELETE CASCADE,
      seq bigint NOT NULL,
      user_id uuid,
      terminal_id uuid,
      type text NOT NULL,
      payload_json jsonb NOT NULL,
      created_at timestamptz NOT NULL DEFAULT CURRENT_TIMESTAMP,
      PRIMARY KEY (venue_id, seq)
    )`);
  await knex.raw(`
    CREATE VIEW events_all AS
      SELECT id, org_id, venue_id, seq, user_id, terminal_id, type, payload_json, created_at FROM events
      UNION ALL
      SELECT id, org_id, venue_id, seq, user_id, terminal_id, type, payload_json, created_at FROM events_archive`);
}

export async function down(knex: Knex): Promise<void> {
  // Back into events: the history is whole again without the archive.
  await knex.raw('DROP VIEW IF EXISTS events_all');
  await knex.raw('ALTER TABLE events DISABLE TRIGGER events_analytics');
  await knex.raw('INSERT INTO events SELECT * FROM events_archive');
  await knex.raw('ALTER TABLE events ENABLE TRIGGER events_analytics');
  await knex.raw('DROP TABLE IF EXISTS events_archive');
}
