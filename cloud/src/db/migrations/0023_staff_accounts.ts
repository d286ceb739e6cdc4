// Staff accounts (issue 24): invitations carry a floor duty, are revocable and keep only their
// token's SHA-256 (the link's token is shown once, in the mail); a membership (user_roles row) can
// be deactivated; forgotten passwords are reset through single-use links kept as SHA-256 too.
import type { Knex } from 'knex';

// One statement per call: the embedded database (PGlite) prepares each.
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('invitations', (t) => {
    t.text('duty');
    t.timestamp('revoked_at', { useTz: true });
    t.timestamp('sent_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
  });
  await knex.raw(
    "ALTER TABLE invitations ADD CONSTRAINT invitations_duty_check CHECK (duty IS NULL OR duty IN ('HOST','SERVER','KITCHEN','RUNNER','CLEANER'))",
  );
  await knex.schema.alterTable('user_roles', (t) => {
    t.timestamp('deactivated_at', { useTz: true });
  });
  await knex.schema.createTable('password_resets', (t) => {
    t.text('id').primary(); // SHA-256 of the link's token
    t.uuid('user_id').notNullable().references('users.id').onDelete('CASCADE');
    t.timestamp('expires_at', { useTz: true }).notNullable();
    t.timestamp('used_at', { useTz: true });
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.index(['user_id']);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('password_resets');
  await knex.schema.alterTable('user_roles', (t) => {
    t.dropColumn('deactivated_at');
  });
  await knex.raw('ALTER TABLE invitations DROP CONSTRAINT invitations_duty_check');
  await knex.schema.alterTable('invitations', (t) => {
    t.dropColumn('duty');
    t.dropColumn('revoked_at');
    t.dropColumn('sent_at');
  });
}
