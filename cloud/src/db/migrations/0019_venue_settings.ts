// Setting up a restaurant (issue 24): each venue's own tax rate (8.75 %, spec 1 section 9's rate,
// for every venue until now) and currency, used by its bills, receipts and tickets; when its
// settings were last saved and when its table QR sheet was printed, which the setup checklist
// reads. (The plans an organization may be on were constrained in 0002.)
import type { Knex } from 'knex';

export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('venues', (t) => {
    t.integer('tax_rate_bps').notNullable().defaultTo(875);
    t.text('currency').notNullable().defaultTo('USD');
    t.timestamp('settings_saved_at', { useTz: true });
    t.timestamp('qr_sheet_printed_at', { useTz: true });
  });
  await knex.raw('ALTER TABLE venues ADD CONSTRAINT venues_tax_rate_check CHECK (tax_rate_bps BETWEEN 0 AND 10000)');
  await knex.raw("ALTER TABLE venues ADD CONSTRAINT venues_currency_check CHECK (currency ~ '^[A-Z]{3}$')");
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('ALTER TABLE venues DROP CONSTRAINT IF EXISTS venues_currency_check');
  await knex.raw('ALTER TABLE venues DROP CONSTRAINT IF EXISTS venues_tax_rate_check');
  await knex.schema.alterTable('venues', (t) => {
    t.dropColumns('tax_rate_bps', 'currency', 'settings_saved_at', 'qr_sheet_printed_at');
  });
}
