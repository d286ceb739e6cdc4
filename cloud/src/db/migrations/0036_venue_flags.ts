// A venue's flags (issue 23): `demo` or `qa` marks a venue whose floor, menu and line may be filled
// with sample data (POST /api/demo/populate); a live venue has neither. The demo organization's
// venues are demo venues.
import type { Knex } from 'knex';

// One statement per call: the embedded database (PGlite) prepares each.
export async function up(knex: Knex): Promise<void> {
  await knex.raw(`ALTER TABLE venues ADD COLUMN flags_json jsonb NOT NULL DEFAULT '{}'`);
  await knex.raw(`
    UPDATE venues v SET flags_json = jsonb_build_object('demo', true)
      FROM organizations o
     WHERE o.id = v.org_id AND (o.flags_json->>'demo') = 'true'`);
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('ALTER TABLE venues DROP COLUMN flags_json');
}
