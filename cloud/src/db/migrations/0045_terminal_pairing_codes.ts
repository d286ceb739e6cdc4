// Pairing a terminal by a short code (issue 24): the codes a manager made for a venue, kept as
// their SHA-256 only, each used once before it expires; the terminal it made is noted.
import type { Knex } from 'knex';

// One statement per call: the embedded database (PGlite) prepares each.
export async function up(knex: Knex): Promise<void> {
  await knex.raw(`
    CREATE TABLE terminal_pairing_codes (
      id uuid PRIMARY KEY,
      org_id uuid NOT NULL REFERENCES organizations(id) ON DELETE CASCADE,
      venue_id uuid NOT NULL REFERENCES venues(id) ON DELETE CASCADE,
      code_hash text NOT NULL UNIQUE,
      name text NOT NULL,
      created_by uuid REFERENCES users(id) ON DELETE SET NULL,
      created_at timestamptz NOT NULL,
      expires_at timestamptz NOT NULL,
      used_at timestamptz,
      terminal_id uuid REFERENCES terminals(id) ON DELETE SET NULL
    )`);
  await knex.raw('CREATE INDEX terminal_pairing_codes_venue ON terminal_pairing_codes (venue_id, created_at)');
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('DROP TABLE terminal_pairing_codes');
}
