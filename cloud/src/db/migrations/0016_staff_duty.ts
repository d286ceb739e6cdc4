// A staff member's floor duty on their role (host, server, kitchen, runner, cleaner; none for a
// manager or anyone who works every screen). What each duty sees is in docs/roles.md.
import { STAFF_DUTIES } from '@tablewise/shared';
import type { Knex } from 'knex';

export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('user_roles', (t) => {
    t.text('duty');
  });
  await knex.raw(
    `ALTER TABLE user_roles ADD CONSTRAINT user_roles_duty_check CHECK (duty IS NULL OR duty IN (${STAFF_DUTIES.map((d) => `'${d}'`).join(',')}))`,
  );
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('user_roles', (t) => {
    t.dropColumn('duty');
  });
}
