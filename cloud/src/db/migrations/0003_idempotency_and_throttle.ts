// Idempotency records remember which request they answered (a hash of method, path and body) and
// whether their answer was withheld because it held a secret shown once; they are swept after a
// day, so the index on created_at. Sign-in failures are counted in the database, so every cloud
// instance sees the same count: one row per account (address '') and one per account and address.
import type { Knex } from 'knex';

export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('idempotency_keys', (t) => {
    // Null on records written before this migration: those are matched without the body.
    t.text('request_hash');
    t.boolean('answer_withheld').notNullable().defaultTo(false);
    t.index(['created_at'], 'idempotency_keys_created_at_index');
  });

  await knex.schema.createTable('login_throttles', (t) => {
    // Lowercased, as typed: an unknown email is counted like a known one.
    t.text('email').notNullable();
    // '' for the account across every address.
    t.text('address').notNullable();
    t.integer('attempts').notNullable();
    t.timestamp('window_started_at', { useTz: true }).notNullable();
    t.primary(['email', 'address']);
    t.index(['window_started_at'], 'login_throttles_window_started_at_index');
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTableIfExists('login_throttles');
  await knex.schema.alterTable('idempotency_keys', (t) => {
    t.dropIndex(['created_at'], 'idempotency_keys_created_at_index');
    t.dropColumns('request_hash', 'answer_withheld');
  });
}
