// Files staff upload (menu photos, issue 10): the bytes live in the object store (a folder on disk,
// or an S3-compatible bucket); this table records which organization owns each one and what it
// is, as its bytes said, so a menu item can only be given a photo its organization uploaded.
import type { Knex } from 'knex';

export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('stored_objects', (t) => {
    t.uuid('id').primary();
    t.uuid('org_id').notNullable().references('organizations.id').onDelete('CASCADE');
    t.text('content_type').notNullable();
    t.integer('size').notNullable();
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.index(['org_id']);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTableIfExists('stored_objects');
}
