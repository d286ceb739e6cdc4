// A phone that joins a party already seated (issue 27, probe finding 2): scanning a table's QR code
// while a party sits there (an old photo of the code, say) no longer hands over the party's cookie.
// The phone gets a cookie of its own, naming this row, and sees nothing of the party (names,
// orders) and cannot order until a phone of the party or staff approve it. It may pay the bill.
// One statement per call: the embedded database (PGlite) prepares each.
import type { Knex } from 'knex';

export async function up(knex: Knex): Promise<void> {
  await knex.raw(`
    CREATE TABLE party_phones (
      id uuid PRIMARY KEY,
      org_id uuid NOT NULL REFERENCES organizations(id) ON DELETE CASCADE,
      venue_id uuid NOT NULL REFERENCES venues(id) ON DELETE CASCADE,
      session_id uuid NOT NULL REFERENCES sessions(id) ON DELETE CASCADE,
      status text NOT NULL DEFAULT 'PENDING'
        CONSTRAINT party_phones_status_check CHECK (status IN ('PENDING', 'APPROVED', 'DECLINED')),
      created_at timestamptz NOT NULL,
      decided_at timestamptz,
      decided_by_user uuid REFERENCES users(id) ON DELETE SET NULL,
      decided_by_phone uuid REFERENCES party_phones(id) ON DELETE SET NULL
    )`);
  await knex.raw('CREATE INDEX party_phones_session_idx ON party_phones (session_id, created_at)');
  await knex.raw(
    "CREATE INDEX party_phones_venue_pending_idx ON party_phones (venue_id, created_at) WHERE status = 'PENDING'",
  );
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('DROP TABLE IF EXISTS party_phones');
}
