// A guest's hold on a table (issue 9, spec 3 section 4) names the dining session that holds it, so
// only that guest can confirm it, and the sweep finds run-out holds by their expiry.
import type { Knex } from 'knex';

export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('tables', (t) => {
    t.uuid('held_by_session_id').references('sessions.id').onDelete('SET NULL');
  });
  await knex.raw("CREATE INDEX tables_guest_hold_expiry_idx ON tables (hold_expires_at) WHERE state = 'HOLD_SOFT'");
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('DROP INDEX IF EXISTS tables_guest_hold_expiry_idx');
  await knex.schema.alterTable('tables', (t) => {
    t.dropColumn('held_by_session_id');
  });
}
