// The tables the walking skeleton writes: tenancy, principals, floor, menu, dining sessions,
// orders, the event feed with its per-venue sequence, idempotency records, printers.
// Columns are snake_case; the API presents camelCase. Money is numeric(12,2): exact.
import type { Knex } from 'knex';

const ORDER_ITEM_STATES = [
  'CREATED',
  'CONFIRMED',
  'SENT_TO_KITCHEN',
  'IN_PREP',
  'READY_FOR_RUN',
  'OUT_FOR_DELIVERY',
  'DELIVERED',
  'CLOSED',
  'PAUSE',
  'RETURN_REQUESTED',
];
const TABLE_STATES = [
  'EMPTY',
  'HOLD_SOFT',
  'OCCUPIED',
  'ORDERING',
  'EATING',
  'PAYING',
  'PAYMENT_VERIFIED',
  'CLEANING',
  'QA_CHECK',
  'RESERVED',
  'ASSISTANCE_REQUESTED',
  'EXIT_PENDING',
  'PAYMENT_DUE',
  'HOLD',
  'MAINTENANCE',
];

function timestamps(t: Knex.CreateTableBuilder, knex: Knex, updated = true): void {
  t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
  if (updated) t.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
}

export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('organizations', (t) => {
    t.uuid('id').primary();
    t.text('name').notNullable();
    t.uuid('owner_user_id');
    t.text('plan').notNullable().defaultTo('STARTER');
    t.jsonb('flags_json').notNullable().defaultTo('{}');
    t.text('connect_account_id');
    timestamps(t, knex);
  });

  await knex.schema.createTable('venues', (t) => {
    t.uuid('id').primary();
    t.uuid('org_id').notNullable().references('organizations.id').onDelete('CASCADE');
    t.text('name').notNullable();
    t.text('address');
    t.text('tz').notNullable().defaultTo('UTC');
    t.decimal('lat', 10, 7);
    t.decimal('lng', 10, 7);
    t.jsonb('hours_json').notNullable().defaultTo('{}');
    t.jsonb('alert_recipients_json').notNullable().defaultTo('{}');
    t.boolean('is_active').notNullable().defaultTo(true);
    // The venue's event counter: a write takes the next value under this row's lock, so
    // sequence numbers are gap-free and commit in order.
    t.bigInteger('event_seq').notNullable().defaultTo(0);
    timestamps(t, knex);
    t.index(['org_id']);
  });

  // Users are identities across organizations (unique email); what they may touch comes from
  // user_roles, which carry the organization.
  await knex.schema.createTable('users', (t) => {
    t.uuid('id').primary();
    t.text('email').notNullable().unique();
    t.text('password_hash');
    t.text('first_name');
    t.text('last_name');
    t.text('profile_image_url');
    timestamps(t, knex);
  });

  await knex.schema.createTable('user_roles', (t) => {
    t.uuid('id').primary();
    t.uuid('user_id').notNullable().references('users.id').onDelete('CASCADE');
    t.uuid('organization_id').notNullable().references('organizations.id').onDelete('CASCADE');
    t.uuid('venue_id').references('venues.id').onDelete('CASCADE');
    t.text('role').notNullable();
    t.specificType('permissions', 'text[]').notNullable().defaultTo('{}');
    timestamps(t, knex, false);
    t.index(['user_id']);
    t.index(['organization_id']);
  });

  // Staff login sessions. The id is the SHA-256 of the cookie's token, never the token itself.
  await knex.schema.createTable('auth_sessions', (t) => {
    t.text('id').primary();
    t.uuid('user_id').notNullable().references('users.id').onDelete('CASCADE');
    t.uuid('org_id').notNullable().references('organizations.id').onDelete('CASCADE');
    t.uuid('venue_id').notNullable().references('venues.id').onDelete('CASCADE');
    t.timestamp('expires_at', { useTz: true }).notNullable();
    timestamps(t, knex, false);
    t.index(['user_id']);
  });

  // Paired terminals. The credential is stored as its SHA-256; revoking sets revoked_at.
  await knex.schema.createTable('terminals', (t) => {
    t.uuid('id').primary();
    t.uuid('org_id').notNullable().references('organizations.id').onDelete('CASCADE');
    t.uuid('venue_id').notNullable().references('venues.id').onDelete('CASCADE');
    t.text('name').notNullable();
    t.text('credential_hash').notNullable().unique();
    // The last mutation of this terminal that the cloud applied (or rejected): replays below or
    // at it are repeats.
    t.bigInteger('last_mutation_seq').notNullable().defaultTo(0);
    t.timestamp('revoked_at', { useTz: true });
    t.timestamp('last_seen_at', { useTz: true });
    timestamps(t, knex, false);
    t.index(['venue_id']);
  });

  await knex.schema.createTable('restaurants', (t) => {
    t.uuid('id').primary();
    t.uuid('org_id').notNullable().references('organizations.id').onDelete('CASCADE');
    t.text('slug').notNullable().unique();
    t.text('name').notNullable();
    t.text('description');
    t.text('phone');
    t.text('email');
    t.text('website');
    t.text('logo_url');
    t.text('cover_url');
    t.specificType('cuisines', 'text[]').notNullable().defaultTo('{}');
    t.text('price_tier');
    t.boolean('is_public').notNullable().defaultTo(true);
    t.uuid('primary_venue_id').references('venues.id').onDelete('SET NULL');
    timestamps(t, knex);
    t.index(['org_id']);
  });

  await knex.schema.createTable('tables', (t) => {
    t.uuid('id').primary();
    t.uuid('org_id').notNullable().references('organizations.id').onDelete('CASCADE');
    t.uuid('venue_id').notNullable().references('venues.id').onDelete('CASCADE');
    t.uuid('restaurant_id').references('restaurants.id').onDelete('SET NULL');
    t.text('number').notNullable();
    t.text('name').notNullable();
    t.text('shape').notNullable().defaultTo('CIRCLE');
    t.integer('capacity').notNullable();
    t.integer('capacity_min').notNullable().defaultTo(1);
    t.integer('capacity_max').notNullable();
    t.decimal('x_position', 10, 2).notNullable().defaultTo(0);
    t.decimal('y_position', 10, 2).notNullable().defaultTo(0);
    t.decimal('rotation', 6, 2).notNullable().defaultTo(0);
    t.text('zone');
    t.text('state').notNullable().defaultTo('EMPTY');
    t.timestamp('hold_expires_at', { useTz: true });
    t.text('party_name');
    t.integer('guest_count');
    t.timestamp('time_seated', { useTz: true });
    t.boolean('is_accessible').notNullable().defaultTo(false);
    t.boolean('has_view').notNullable().defaultTo(false);
    t.boolean('has_plugs').notNullable().defaultTo(false);
    t.boolean('is_quiet').notNullable().defaultTo(false);
    timestamps(t, knex);
    t.unique(['venue_id', 'number']);
    t.index(['org_id']);
  });
  await knex.raw(
    `ALTER TABLE tables ADD CONSTRAINT tables_state_check CHECK (state IN (${TABLE_STATES.map((s) => `'${s}'`).join(',')}))`,
  );
  await knex.raw('ALTER TABLE tables ADD CONSTRAINT tables_capacity_check CHECK (capacity BETWEEN 1 AND 20)');

  await knex.schema.createTable('menu_items', (t) => {
    t.uuid('id').primary();
    t.uuid('org_id').notNullable().references('organizations.id').onDelete('CASCADE');
    t.uuid('venue_id').references('venues.id').onDelete('CASCADE');
    t.text('name').notNullable();
    t.text('description');
    t.decimal('price', 12, 2).notNullable();
    t.text('category').notNullable();
    t.boolean('is_available').notNullable().defaultTo(true);
    t.text('image_url');
    t.specificType('allergens', 'text[]').notNullable().defaultTo('{}');
    t.integer('prep_time');
    t.integer('calories');
    t.boolean('is_vegetarian').notNullable().defaultTo(false);
    t.boolean('is_vegan').notNullable().defaultTo(false);
    t.boolean('is_gluten_free').notNullable().defaultTo(false);
    t.boolean('is_spicy').notNullable().defaultTo(false);
    t.boolean('is_popular').notNullable().defaultTo(false);
    t.text('station');
    t.jsonb('modifiers_schema').notNullable().defaultTo('[]');
    t.integer('sort_order').notNullable().defaultTo(0);
    timestamps(t, knex);
    t.index(['org_id', 'venue_id']);
  });

  // Dining sessions of guests (spec: "sessions").
  await knex.schema.createTable('sessions', (t) => {
    t.uuid('id').primary();
    t.uuid('org_id').notNullable().references('organizations.id').onDelete('CASCADE');
    t.uuid('venue_id').notNullable().references('venues.id').onDelete('CASCADE');
    t.uuid('table_id').references('tables.id').onDelete('SET NULL');
    t.uuid('reservation_id');
    t.integer('party_size').notNullable();
    t.text('guest_name');
    t.text('guest_phone');
    t.text('guest_email');
    t.jsonb('preferences_json').notNullable().defaultTo('{}');
    t.text('status').notNullable().defaultTo('ACTIVE');
    t.timestamp('started_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.timestamp('closed_at', { useTz: true });
    timestamps(t, knex, false);
    t.index(['venue_id', 'status']);
    t.index(['table_id']);
  });

  await knex.schema.createTable('orders', (t) => {
    t.uuid('id').primary();
    t.uuid('org_id').notNullable().references('organizations.id').onDelete('CASCADE');
    t.uuid('venue_id').notNullable().references('venues.id').onDelete('CASCADE');
    t.uuid('session_id').notNullable().references('sessions.id').onDelete('CASCADE');
    t.text('status').notNullable().defaultTo('CREATED');
    t.decimal('subtotal', 12, 2).notNullable().defaultTo(0);
    t.decimal('tax', 12, 2).notNullable().defaultTo(0);
    t.decimal('total', 12, 2).notNullable().defaultTo(0);
    t.text('payment_intent');
    timestamps(t, knex);
    t.index(['venue_id', 'status']);
    t.index(['session_id']);
  });

  await knex.schema.createTable('order_items', (t) => {
    t.uuid('id').primary();
    t.uuid('org_id').notNullable().references('organizations.id').onDelete('CASCADE');
    t.uuid('venue_id').notNullable().references('venues.id').onDelete('CASCADE');
    t.uuid('order_id').notNullable().references('orders.id').onDelete('CASCADE');
    t.uuid('menu_item_id').notNullable().references('menu_items.id');
    // What the guest ordered, as it was then: the menu may change later.
    t.text('menu_item_name').notNullable();
    t.text('station');
    t.integer('prep_time');
    t.integer('quantity').notNullable();
    t.decimal('unit_price', 12, 2).notNullable();
    t.decimal('total_price', 12, 2).notNullable();
    t.text('notes');
    t.jsonb('modifiers_json').notNullable().defaultTo('[]');
    t.text('course').notNullable().defaultTo('main');
    t.text('status').notNullable().defaultTo('CREATED');
    t.timestamp('fire_at', { useTz: true }).notNullable();
    t.integer('sort_order').notNullable().defaultTo(0);
    timestamps(t, knex);
    t.index(['order_id']);
    t.index(['venue_id', 'status']);
    t.index(['status', 'fire_at']);
  });
  await knex.raw(
    `ALTER TABLE order_items ADD CONSTRAINT order_items_status_check CHECK (status IN (${ORDER_ITEM_STATES.map((s) => `'${s}'`).join(',')}))`,
  );
  await knex.raw('ALTER TABLE order_items ADD CONSTRAINT order_items_quantity_check CHECK (quantity >= 1)');

  // The change feed. seq is the venue's sequence: terminals' sync cursor.
  await knex.schema.createTable('events', (t) => {
    t.uuid('id').primary();
    t.uuid('org_id').notNullable().references('organizations.id').onDelete('CASCADE');
    t.uuid('venue_id').notNullable().references('venues.id').onDelete('CASCADE');
    t.bigInteger('seq').notNullable();
    t.uuid('user_id');
    t.uuid('terminal_id');
    t.text('type').notNullable();
    t.jsonb('payload_json').notNullable();
    timestamps(t, knex, false);
    t.unique(['venue_id', 'seq']);
    t.index(['org_id', 'type']);
  });

  // One row per Idempotency-Key: the first answer, replayed for repeats.
  await knex.schema.createTable('idempotency_keys', (t) => {
    t.uuid('org_id').notNullable().references('organizations.id').onDelete('CASCADE');
    t.text('key').notNullable();
    t.text('principal').notNullable();
    t.text('method').notNullable();
    t.text('path').notNullable();
    t.integer('status_code').notNullable();
    t.jsonb('response_json');
    timestamps(t, knex, false);
    t.primary(['org_id', 'key']);
  });

  await knex.schema.createTable('printers', (t) => {
    t.uuid('id').primary();
    t.uuid('org_id').notNullable().references('organizations.id').onDelete('CASCADE');
    t.uuid('venue_id').notNullable().references('venues.id').onDelete('CASCADE');
    t.text('name').notNullable();
    t.text('location');
    t.text('type').notNullable().defaultTo('thermal');
    t.text('station');
    t.text('connection').notNullable().defaultTo('tcp');
    t.text('host');
    t.integer('port');
    t.text('usb_path');
    t.uuid('terminal_id').references('terminals.id').onDelete('SET NULL');
    t.text('status').notNullable().defaultTo('ONLINE');
    timestamps(t, knex);
    t.index(['venue_id']);
  });

  await knex.schema.createTable('print_jobs', (t) => {
    t.uuid('id').primary();
    t.uuid('org_id').notNullable().references('organizations.id').onDelete('CASCADE');
    t.uuid('venue_id').notNullable().references('venues.id').onDelete('CASCADE');
    t.uuid('printer_id').notNullable().references('printers.id').onDelete('CASCADE');
    t.text('type').notNullable();
    t.text('status').notNullable().defaultTo('PENDING');
    t.text('data').notNullable();
    t.integer('attempts').notNullable().defaultTo(0);
    t.boolean('reprint').notNullable().defaultTo(false);
    t.text('error');
    timestamps(t, knex);
    t.index(['venue_id', 'status']);
  });
}

export async function down(knex: Knex): Promise<void> {
  for (const table of [
    'print_jobs',
    'printers',
    'idempotency_keys',
    'events',
    'order_items',
    'orders',
    'sessions',
    'menu_items',
    'tables',
    'restaurants',
    'terminals',
    'auth_sessions',
    'user_roles',
    'users',
    'venues',
    'organizations',
  ]) {
    await knex.schema.dropTableIfExists(table);
  }
}
