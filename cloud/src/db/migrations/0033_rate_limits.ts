// Every rate limit and throttle of the cloud counts in one table that all instances share (issue
// 27), in the shape rate-limiter-flexible's PostgreSQL store reads and writes: a key (the limit's
// name and what it counts: an address, a session, an account), the points used, and when the
// window ends (ms since the epoch; null for never). Made here rather than by the library at start,
// so an instance needs no rights to create tables and two starting at once do not race.
import type { Knex } from 'knex';

export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('rate_limits', (t) => {
    t.string('key', 255).primary();
    t.integer('points').notNullable().defaultTo(0);
    t.bigInteger('expire');
    t.index(['expire'], 'rate_limits_expire_index');
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTableIfExists('rate_limits');
}
