// When each cloud-wide periodic job (the stuck-state check of spec 3 section 4) last ran, so any
// number of instances, and an instance that restarts, run it once per interval: never early, never
// skipped. Instances take turns on an advisory lock and read this row.
import type { Knex } from 'knex';

export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('periodic_runs', (t) => {
    t.text('name').primary();
    t.timestamp('last_run_at', { useTz: true }).notNullable();
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('periodic_runs');
}
