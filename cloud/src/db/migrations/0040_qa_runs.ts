// The QA dashboard's runs (issue 26): one row per Run All Tests of an organization, in its QA venue,
// with the journeys and broken buttons as they stand (the screen polls the latest). The cloud
// instance that started a run writes it as its steps end; one that died mid-run leaves it
// `running`, and the next start after QA_RUN_STALE_MS takes over (docs/qa-dashboard.md).
import type { Knex } from 'knex';

export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('qa_runs', (t) => {
    t.uuid('id').primary();
    t.uuid('org_id').notNullable().references('organizations.id').onDelete('CASCADE');
    t.uuid('venue_id').notNullable().references('venues.id').onDelete('CASCADE');
    t.uuid('started_by').nullable();
    t.string('status', 16).notNullable();
    t.integer('progress').notNullable().defaultTo(0);
    t.text('current_step').notNullable().defaultTo('');
    t.jsonb('journeys_json').notNullable();
    t.jsonb('broken_json').notNullable().defaultTo('[]');
    t.timestamp('started_at', { useTz: true }).notNullable();
    t.timestamp('updated_at', { useTz: true }).notNullable();
    t.timestamp('finished_at', { useTz: true }).nullable();
    t.index(['org_id', 'started_at'], 'qa_runs_org_started_index');
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTableIfExists('qa_runs');
}
