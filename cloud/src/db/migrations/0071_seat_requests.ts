// The host approves self-seating during a rush (issue 27, finding 1): a venue setting, and the
// guests' table choices that wait for the host's answer. A request keeps its table held for the
// party until it is answered or expires; one party has at most one request waiting.
// One statement per call: the embedded database (PGlite) prepares each.
import type { Knex } from 'knex';

export async function up(knex: Knex): Promise<void> {
  await knex.raw('ALTER TABLE venues ADD COLUMN host_approves_self_seating boolean NOT NULL DEFAULT false');
  await knex.raw(`
    CREATE TABLE seat_requests (
      id uuid PRIMARY KEY,
      org_id uuid NOT NULL REFERENCES organizations(id) ON DELETE CASCADE,
      venue_id uuid NOT NULL REFERENCES venues(id) ON DELETE CASCADE,
      session_id uuid NOT NULL REFERENCES sessions(id) ON DELETE CASCADE,
      table_id uuid NOT NULL REFERENCES tables(id) ON DELETE CASCADE,
      party_size integer NOT NULL CHECK (party_size > 0),
      status text NOT NULL DEFAULT 'PENDING'
        CONSTRAINT seat_requests_status_check CHECK (status IN ('PENDING', 'APPROVED', 'DECLINED', 'EXPIRED', 'CANCELLED')),
      created_at timestamptz NOT NULL,
      expires_at timestamptz NOT NULL,
      decided_at timestamptz,
      decided_by uuid REFERENCES users(id) ON DELETE SET NULL
    )`);
  await knex.raw(
    "CREATE UNIQUE INDEX seat_requests_one_pending_idx ON seat_requests (session_id) WHERE status = 'PENDING'",
  );
  await knex.raw(
    "CREATE INDEX seat_requests_venue_pending_idx ON seat_requests (venue_id, created_at) WHERE status = 'PENDING'",
  );
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('DROP TABLE IF EXISTS seat_requests');
  await knex.raw('ALTER TABLE venues DROP COLUMN host_approves_self_seating');
}
