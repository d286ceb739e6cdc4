// The venue's entrance code (issue 27, probe finding 1): a walk-in's check-in needs the signed code
// on the entrance's QR, not just the public venue id. The code carries the venue's generation; a
// manager rotates it (a photographed code, a leaked link) and every earlier code stops working.
// Existing venues start at 1. One statement per call: the embedded database (PGlite) prepares each.
import type { Knex } from 'knex';

export async function up(knex: Knex): Promise<void> {
  await knex.raw(
    'ALTER TABLE venues ADD COLUMN entrance_generation integer NOT NULL DEFAULT 1 CONSTRAINT venues_entrance_generation_check CHECK (entrance_generation >= 1)',
  );
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('ALTER TABLE venues DROP COLUMN entrance_generation');
}
