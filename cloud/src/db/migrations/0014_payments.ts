// Payments on a session's bill (issue 11): who took each one, which split it pays (a split is paid
// once: a unique index over the payments that hold the bill), the bill version it was priced on,
// and the venue's service charge.
import type { Knex } from 'knex';

const PROVIDERS = ['venue', 'demo', 'stripe'];

export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('venues', (t) => {
    t.integer('service_charge_bps').notNullable().defaultTo(0);
  });
  await knex.raw(
    'ALTER TABLE venues ADD CONSTRAINT venues_service_charge_check CHECK (service_charge_bps BETWEEN 0 AND 10000)',
  );
  await knex.schema.alterTable('payments', (t) => {
    t.text('provider').notNullable().defaultTo('venue');
    t.text('split_id');
    t.text('bill_version');
  });
  await knex.raw(
    `ALTER TABLE payments ADD CONSTRAINT payments_provider_check CHECK (provider IN (${PROVIDERS.map((p) => `'${p}'`).join(', ')}))`,
  );
  // One split, one payment that holds the bill: a failed one may be paid again, nothing else.
  await knex.raw(
    `CREATE UNIQUE INDEX payments_split_once_idx ON payments (session_id, split_id)
     WHERE split_id IS NOT NULL AND status IN ('PENDING', 'PROCESSING', 'COMPLETED')`,
  );
  await knex.raw(
    'CREATE UNIQUE INDEX payments_intent_idx ON payments (stripe_payment_intent_id) WHERE stripe_payment_intent_id IS NOT NULL',
  );
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('DROP INDEX IF EXISTS payments_intent_idx');
  await knex.raw('DROP INDEX IF EXISTS payments_split_once_idx');
  await knex.raw('ALTER TABLE payments DROP CONSTRAINT IF EXISTS payments_provider_check');
  await knex.schema.alterTable('payments', (t) => {
    t.dropColumn('provider');
    t.dropColumn('split_id');
    t.dropColumn('bill_version');
  });
  await knex.raw('ALTER TABLE venues DROP CONSTRAINT IF EXISTS venues_service_charge_check');
  await knex.schema.alterTable('venues', (t) => {
    t.dropColumn('service_charge_bps');
  });
}
