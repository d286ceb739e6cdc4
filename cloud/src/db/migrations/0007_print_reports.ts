// Terminals report their printers' states and their print jobs to the cloud (issue 7), so a
// manager working remotely sees them, and the fact that an order item was ticketed outlives any one
// terminal's replica: a rebuilt replica, or a printer moved to another terminal, prints only what
// never printed.
//
// The enumerations are written out (see 0002): what this migration means must not move with the
// constants.
import type { Knex } from 'knex';

const PRINTER_STATUSES = ['ONLINE', 'OFFLINE', 'ERROR', 'BUSY', 'PAPER_OUT', 'COVER_OPEN', 'UNKNOWN'];
const OLD_PRINTER_STATUSES = ['ONLINE', 'OFFLINE', 'ERROR', 'BUSY'];
const PRINT_JOB_STATUSES = ['PENDING', 'PRINTING', 'UNCONFIRMED', 'COMPLETED', 'FAILED', 'MOVED'];
const OLD_PRINT_JOB_STATUSES = ['PENDING', 'PRINTING', 'COMPLETED', 'FAILED'];

const list = (values: readonly string[]) => values.map((v) => `'${v}'`).join(', ');

async function replaceCheck(knex: Knex, table: string, column: string, values: readonly string[]): Promise<void> {
  const name = `${table}_${column}_check`;
  await knex.raw(`ALTER TABLE ${table} DROP CONSTRAINT IF EXISTS ${name}`);
  await knex.raw(`ALTER TABLE ${table} ADD CONSTRAINT ${name} CHECK (${column} IN (${list(values)}))`);
}

export async function up(knex: Knex): Promise<void> {
  await replaceCheck(knex, 'printers', 'status', PRINTER_STATUSES);
  // Nothing has reported a printer yet: UNKNOWN until its terminal asks it.
  await knex.raw(`ALTER TABLE printers ALTER COLUMN status SET DEFAULT 'UNKNOWN'`);
  await knex.schema.alterTable('printers', (t) => {
    /** When its terminal learnt the state (the terminal's clock). */
    t.timestamp('status_at', { useTz: true }).nullable();
  });
  await replaceCheck(knex, 'print_jobs', 'status', PRINT_JOB_STATUSES);
  await knex.schema.alterTable('print_jobs', (t) => {
    t.uuid('terminal_id').nullable().references('terminals.id').onDelete('SET NULL');
    t.index(['venue_id', 'created_at']);
  });
  await knex.schema.createTable('ticketed_items', (t) => {
    t.uuid('item_id').primary().references('order_items.id').onDelete('CASCADE');
    t.uuid('org_id').notNullable().references('organizations.id').onDelete('CASCADE');
    t.uuid('venue_id').notNullable().references('venues.id').onDelete('CASCADE');
    t.uuid('order_id').notNullable().references('orders.id').onDelete('CASCADE');
    t.text('station').notNullable();
    t.uuid('print_job_id').notNullable().references('print_jobs.id').onDelete('CASCADE');
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.index(['order_id']);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('ticketed_items');
  await knex.schema.alterTable('print_jobs', (t) => {
    t.dropIndex(['venue_id', 'created_at']);
    t.dropColumn('terminal_id');
  });
  await knex('print_jobs').whereIn('status', ['UNCONFIRMED', 'MOVED']).update({ status: 'FAILED' });
  await replaceCheck(knex, 'print_jobs', 'status', OLD_PRINT_JOB_STATUSES);
  await knex.schema.alterTable('printers', (t) => {
    t.dropColumn('status_at');
  });
  await knex.raw(`ALTER TABLE printers ALTER COLUMN status SET DEFAULT 'ONLINE'`);
  await knex('printers').whereNotIn('status', OLD_PRINTER_STATUSES).update({ status: 'OFFLINE' });
  await replaceCheck(knex, 'printers', 'status', OLD_PRINTER_STATUSES);
}
