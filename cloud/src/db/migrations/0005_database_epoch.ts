// The database's identity (issue 7): a random epoch made when the schema is first migrated, in a
// one-row table. Terminals keep it with their sync cursor; a database restored from a backup gets a
// new one (`npm run cloud:restored`), so a terminal whose cursor belongs to the database before the
// restore rebuilds its replica from a snapshot instead of skipping the events it thinks it has.
import { randomUUID } from 'node:crypto';
import type { Knex } from 'knex';

export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('database_epoch', (t) => {
    t.boolean('id').primary().notNullable().defaultTo(true);
    t.uuid('epoch').notNullable();
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
  });
  await knex.raw('ALTER TABLE database_epoch ADD CONSTRAINT database_epoch_one_row CHECK (id)');
  await knex('database_epoch').insert({ id: true, epoch: randomUUID() });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('database_epoch');
}
