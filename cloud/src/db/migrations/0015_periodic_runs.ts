// Automated turnover (issue 11, spec 3 section 4). periodic_runs: when each cloud-wide periodic
// job (the stuck-state check) last ran, so any number of instances, and an instance that restarts,
// run it once per interval: never early, never skipped. Instances take turns on an advisory lock
// and read this row. waitlist.ready_table_id: the free table a party was notified for by the
// automation (a passed QA check), so its guest may go and choose it (the guest page's READY).
import type { Knex } from 'knex';

export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('periodic_runs', (t) => {
    t.text('name').primary();
    t.timestamp('last_run_at', { useTz: true }).notNullable();
  });
  await knex.schema.alterTable('waitlist', (t) => {
    t.uuid('ready_table_id').references('tables.id').onDelete('SET NULL');
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('waitlist', (t) => {
    t.dropColumn('ready_table_id');
  });
  await knex.schema.dropTable('periodic_runs');
}
