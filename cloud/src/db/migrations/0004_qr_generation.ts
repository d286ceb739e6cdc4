// Each table's QR code carries a generation (issue 7). A manager rotates it when a code has been
// photographed or a sticker replaced, and every code printed before stops working. Existing
// tables start at 1, the generation that codes signed before this migration are read as.
import type { Knex } from 'knex';

export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('tables', (t) => {
    t.integer('qr_generation').notNullable().defaultTo(1);
  });
  await knex.raw('ALTER TABLE tables ADD CONSTRAINT tables_qr_generation_check CHECK (qr_generation >= 1)');
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('tables', (t) => {
    t.dropColumn('qr_generation');
  });
}
