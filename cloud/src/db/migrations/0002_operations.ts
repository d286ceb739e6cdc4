// The rest of the platform's schema (spec 1 sections 3 and 4) and what the staff screens read
// beyond it (spec 2 section 3): reservations, waitlist, tasks, payments, runners and zone runs,
// floor layouts and zones, tenancy administration, usage and alert de-duplication. Also adds the
// enumeration CHECKs that 0001 left out, so a bad value is refused by the database itself.
//
// Enumerations are written out here rather than imported from shared/: a migration must keep
// meaning what it meant when it ran, even after the constants evolve (a later migration changes
// the CHECK).
import type { Knex } from 'knex';

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
const ORDER_STATES = [
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
const PLANS = ['STARTER', 'FREE', 'BASIC', 'PREMIUM', 'ENTERPRISE'];
const SHAPES = ['CIRCLE', 'SQUARE', 'RECTANGLE', 'OVAL', 'HALFMOON', 'QUARTER', 'BOOTH'];
const ROLES = ['OWNER', 'ADMIN', 'MANAGER', 'ASSISTANT_MANAGER', 'STAFF'];
const SESSION_STATUSES = ['ACTIVE', 'CLOSED'];
const PRINTER_STATUSES = ['ONLINE', 'OFFLINE', 'ERROR', 'BUSY'];
const PRINTER_CONNECTIONS = ['tcp', 'usb'];
const PRINT_JOB_STATUSES = ['PENDING', 'PRINTING', 'COMPLETED', 'FAILED'];
const PRINT_JOB_TYPES = [
  'kitchen_ticket',
  'receipt',
  'test',
  'daily_summary',
  'waitlist_ticket',
  'reservation_confirmation',
  'shift_report',
  'end_of_day',
];
const RESERVATION_STATUSES = ['CONFIRMED', 'CHECKED_IN', 'SEATED', 'CANCELLED'];
const TASK_TYPES = ['RUN', 'CLEAN', 'QA'];
const TASK_STATUSES = ['PENDING', 'IN_PROGRESS', 'COMPLETED'];
const WAITLIST_STATUSES = ['WAITING', 'NOTIFIED', 'SEATED', 'CANCELLED'];
const PAYMENT_STATUSES = ['PENDING', 'PROCESSING', 'COMPLETED', 'FAILED', 'REFUNDED'];
const PAYMENT_METHODS = ['card', 'apple_pay', 'google_pay', 'cash'];
const ORDER_PRIORITIES = ['normal', 'high', 'urgent'];
const RUNNER_STATUSES = ['available', 'busy', 'offline'];
const DELIVERY_RUN_STATUSES = ['active', 'completed'];
const ZONE_TYPES = ['dining', 'patio', 'bar', 'kitchen', 'entrance', 'restroom', 'storage', 'vip', 'waiting', 'custom'];
const ALERT_URGENCIES = ['LOW', 'MEDIUM', 'HIGH', 'CRITICAL'];
const REQUEST_STATUSES = ['PENDING', 'PROCESSING', 'COMPLETED', 'FAILED'];
const DELETION_STATUSES = ['PENDING', 'APPROVED', 'REJECTED', 'PROCESSING', 'COMPLETED', 'FAILED'];
const TEMPERATURES = ['hot', 'cold'];

const list = (values: readonly string[]): string => values.map((v) => `'${v.replaceAll("'", "''")}'`).join(',');

async function check(knex: Knex, table: string, name: string, condition: string): Promise<void> {
  await knex.raw(`ALTER TABLE ${table} ADD CONSTRAINT ${name} CHECK (${condition})`);
}

async function oneOf(knex: Knex, table: string, column: string, values: readonly string[]): Promise<void> {
  await check(knex, table, `${table}_${column}_check`, `${column} IN (${list(values)})`);
}

function id(t: Knex.CreateTableBuilder, knex: Knex): void {
  // Clients make ids for what they create (idempotent retries); the default serves rows the
  // server creates on its own (usage counters, alerts).
  t.uuid('id').primary().defaultTo(knex.raw('gen_random_uuid()'));
}

function tenancy(t: Knex.CreateTableBuilder, venue: 'venue' | 'optional-venue' | 'no-venue' = 'venue'): void {
  t.uuid('org_id').notNullable().references('organizations.id').onDelete('CASCADE');
  if (venue === 'no-venue') return;
  const v = t.uuid('venue_id').references('venues.id').onDelete('CASCADE');
  if (venue === 'venue') v.notNullable();
}

function timestamps(t: Knex.CreateTableBuilder, knex: Knex, updated = true): void {
  t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
  if (updated) t.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
}

export async function up(knex: Knex): Promise<void> {
  // ---- Enumerations and invariants on the core tables ----
  await oneOf(knex, 'organizations', 'plan', PLANS);
  await oneOf(knex, 'tables', 'shape', SHAPES);
  await check(
    knex,
    'tables',
    'tables_capacity_range_check',
    'capacity_min >= 1 AND capacity_min <= capacity_max AND capacity_max <= 20',
  );
  await oneOf(knex, 'user_roles', 'role', ROLES);
  await oneOf(knex, 'sessions', 'status', SESSION_STATUSES);
  await check(knex, 'sessions', 'sessions_party_size_check', 'party_size BETWEEN 1 AND 20');
  await oneOf(knex, 'orders', 'status', ORDER_STATES);
  await check(knex, 'menu_items', 'menu_items_price_check', 'price >= 0');
  await oneOf(knex, 'printers', 'status', PRINTER_STATUSES);
  await oneOf(knex, 'printers', 'connection', PRINTER_CONNECTIONS);
  await oneOf(knex, 'print_jobs', 'status', PRINT_JOB_STATUSES);
  await oneOf(knex, 'print_jobs', 'type', PRINT_JOB_TYPES);

  // Restaurant profiles can be switched off without deleting them (spec 3: isActive).
  await knex.schema.alterTable('restaurants', (t) => {
    t.boolean('is_active').notNullable().defaultTo(true);
  });
  // Runner screens read hot/cold and fragile per item (spec 2: runner order items).
  await knex.schema.alterTable('menu_items', (t) => {
    t.text('temperature');
    t.boolean('is_fragile').notNullable().defaultTo(false);
  });
  await check(
    knex,
    'menu_items',
    'menu_items_temperature_check',
    `temperature IS NULL OR temperature IN (${list(TEMPERATURES)})`,
  );

  // ---- Reservations ----
  await knex.schema.createTable('reservations', (t) => {
    id(t, knex);
    tenancy(t);
    t.jsonb('guest_contact').notNullable().defaultTo('{}');
    t.timestamp('slot_start', { useTz: true }).notNullable();
    t.timestamp('slot_end', { useTz: true }).notNullable();
    t.integer('party_size').notNullable();
    t.text('status').notNullable().defaultTo('CONFIRMED');
    t.text('preauth_id');
    t.jsonb('preferences_json').notNullable().defaultTo('{}');
    t.text('source').notNullable().defaultTo('DIRECT');
    t.specificType('locked_table_ids', 'text[]').notNullable().defaultTo('{}');
    t.timestamp('checked_in_at', { useTz: true });
    timestamps(t, knex);
    t.index(['venue_id', 'slot_start']);
    t.index(['venue_id', 'status']);
    t.index(['org_id']);
  });
  await oneOf(knex, 'reservations', 'status', RESERVATION_STATUSES);
  await check(knex, 'reservations', 'reservations_party_size_check', 'party_size BETWEEN 1 AND 20');
  await check(knex, 'reservations', 'reservations_slot_check', 'slot_end > slot_start');
  // A dining session may come from a reservation (0001 left the column without its key).
  await knex.schema.alterTable('sessions', (t) => {
    t.foreign('reservation_id').references('reservations.id').onDelete('SET NULL');
  });

  // ---- Table status cache: one row per table ----
  await knex.schema.createTable('table_status_cache', (t) => {
    t.uuid('table_id').primary().references('tables.id').onDelete('CASCADE');
    tenancy(t);
    t.text('status').notNullable();
    t.jsonb('icons_json').notNullable().defaultTo('[]');
    timestamps(t, knex);
    t.index(['venue_id', 'status']);
  });
  await oneOf(knex, 'table_status_cache', 'status', TABLE_STATES);

  // ---- Runners and zone runs (before tasks and orders refer to them) ----
  await knex.schema.createTable('runners', (t) => {
    id(t, knex);
    tenancy(t);
    t.uuid('user_id').references('users.id').onDelete('SET NULL');
    t.text('name').notNullable();
    t.text('status').notNullable().defaultTo('available');
    t.text('current_zone');
    timestamps(t, knex);
    t.index(['venue_id', 'status']);
  });
  await oneOf(knex, 'runners', 'status', RUNNER_STATUSES);

  await knex.schema.createTable('delivery_runs', (t) => {
    id(t, knex);
    tenancy(t);
    t.uuid('runner_id').notNullable().references('runners.id').onDelete('CASCADE');
    t.text('zone').notNullable();
    t.text('status').notNullable().defaultTo('active');
    t.timestamp('started_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.timestamp('completed_at', { useTz: true });
    timestamps(t, knex);
    t.index(['venue_id', 'status']);
    t.index(['runner_id']);
  });
  await oneOf(knex, 'delivery_runs', 'status', DELIVERY_RUN_STATUSES);

  await knex.schema.createTable('delivery_run_orders', (t) => {
    tenancy(t);
    t.uuid('delivery_run_id').notNullable().references('delivery_runs.id').onDelete('CASCADE');
    t.uuid('order_id').notNullable().references('orders.id').onDelete('CASCADE');
    t.integer('sort_order').notNullable().defaultTo(0);
    timestamps(t, knex, false);
    t.primary(['delivery_run_id', 'order_id']);
    t.index(['order_id']);
  });

  // What the runner and kitchen screens read on an order (spec 2: runner order).
  await knex.schema.alterTable('orders', (t) => {
    t.text('priority').notNullable().defaultTo('normal');
    t.text('zone');
    t.text('special_instructions');
    t.uuid('runner_id').references('runners.id').onDelete('SET NULL');
    t.timestamp('ready_at', { useTz: true });
    t.timestamp('picked_up_at', { useTz: true });
    t.timestamp('delivered_at', { useTz: true });
    t.integer('estimated_delivery_minutes');
    t.index(['venue_id', 'ready_at']);
    t.index(['runner_id']);
  });
  await oneOf(knex, 'orders', 'priority', ORDER_PRIORITIES);

  // ---- Tasks (runs, cleaning, QA) ----
  await knex.schema.createTable('tasks', (t) => {
    id(t, knex);
    tenancy(t);
    t.text('type').notNullable();
    t.uuid('target_table_id').references('tables.id').onDelete('SET NULL');
    t.integer('priority').notNullable().defaultTo(0);
    t.text('status').notNullable().defaultTo('PENDING');
    t.uuid('assigned_to').references('users.id').onDelete('SET NULL');
    t.uuid('created_by').references('users.id').onDelete('SET NULL');
    t.timestamp('due_at', { useTz: true });
    t.timestamp('started_at', { useTz: true });
    t.timestamp('completed_at', { useTz: true });
    t.text('description');
    t.jsonb('metadata_json').notNullable().defaultTo('{}');
    timestamps(t, knex);
    t.index(['venue_id', 'status']);
    t.index(['venue_id', 'type', 'status']);
    t.index(['target_table_id']);
  });
  await oneOf(knex, 'tasks', 'type', TASK_TYPES);
  await oneOf(knex, 'tasks', 'status', TASK_STATUSES);

  // ---- Waitlist ----
  await knex.schema.createTable('waitlist', (t) => {
    id(t, knex);
    tenancy(t);
    t.text('guest_name').notNullable();
    t.text('phone');
    t.text('email');
    t.integer('party_size').notNullable();
    t.integer('quoted_min_wait');
    t.integer('quoted_max_wait');
    t.integer('position');
    t.text('status').notNullable().defaultTo('WAITING');
    t.boolean('needs_accessibility').notNullable().defaultTo(false);
    t.boolean('needs_high_chair').notNullable().defaultTo(false);
    t.text('occasion');
    t.timestamp('notified_at', { useTz: true });
    t.timestamp('seated_at', { useTz: true });
    t.uuid('session_id').references('sessions.id').onDelete('SET NULL');
    timestamps(t, knex);
    t.index(['venue_id', 'status', 'position']);
    t.index(['org_id']);
  });
  await oneOf(knex, 'waitlist', 'status', WAITLIST_STATUSES);
  await check(knex, 'waitlist', 'waitlist_party_size_check', 'party_size BETWEEN 1 AND 20');
  await check(knex, 'waitlist', 'waitlist_guest_name_check', "btrim(guest_name) <> ''");
  await check(
    knex,
    'waitlist',
    'waitlist_quote_check',
    'quoted_min_wait IS NULL OR quoted_max_wait IS NULL OR quoted_min_wait <= quoted_max_wait',
  );

  // ---- Payments: one row per charge; a split bill has one row per share ----
  await knex.schema.createTable('payments', (t) => {
    id(t, knex);
    tenancy(t);
    t.uuid('order_id').references('orders.id').onDelete('CASCADE');
    t.uuid('session_id').references('sessions.id').onDelete('SET NULL');
    t.decimal('amount', 12, 2).notNullable();
    t.decimal('tip_amount', 12, 2).notNullable().defaultTo(0);
    t.text('currency').notNullable().defaultTo('USD');
    t.text('status').notNullable().defaultTo('PENDING');
    t.text('payment_method');
    t.text('stripe_payment_intent_id');
    t.text('split_label');
    t.jsonb('split_items_json').notNullable().defaultTo('[]');
    t.timestamp('paid_at', { useTz: true });
    timestamps(t, knex);
    t.index(['venue_id', 'status']);
    t.index(['venue_id', 'created_at']);
    t.index(['order_id']);
    t.index(['session_id']);
  });
  await oneOf(knex, 'payments', 'status', PAYMENT_STATUSES);
  await check(
    knex,
    'payments',
    'payments_method_check',
    `payment_method IS NULL OR payment_method IN (${list(PAYMENT_METHODS)})`,
  );
  await check(knex, 'payments', 'payments_amount_check', 'amount >= 0 AND tip_amount >= 0');
  await check(knex, 'payments', 'payments_currency_check', "currency ~ '^[A-Z]{3}$'");
  await check(knex, 'payments', 'payments_subject_check', 'order_id IS NOT NULL OR session_id IS NOT NULL');

  // ---- Floor plan: zones and saved designer layouts ----
  await knex.schema.createTable('zones', (t) => {
    id(t, knex);
    tenancy(t);
    t.text('name').notNullable();
    t.text('type').notNullable().defaultTo('custom');
    t.decimal('x', 10, 2).notNullable().defaultTo(0);
    t.decimal('y', 10, 2).notNullable().defaultTo(0);
    t.decimal('width', 10, 2).notNullable().defaultTo(0);
    t.decimal('height', 10, 2).notNullable().defaultTo(0);
    t.text('color');
    t.integer('sort_order').notNullable().defaultTo(0);
    timestamps(t, knex);
    t.unique(['venue_id', 'name']);
  });
  await oneOf(knex, 'zones', 'type', ZONE_TYPES);
  await check(knex, 'zones', 'zones_size_check', 'width >= 0 AND height >= 0');

  await knex.schema.createTable('floor_layouts', (t) => {
    id(t, knex);
    tenancy(t);
    t.text('name').notNullable().defaultTo('Main');
    // The designer's export: components and zones, exactly as the designer holds them.
    t.jsonb('components').notNullable().defaultTo('[]');
    t.jsonb('zones').notNullable().defaultTo('[]');
    t.jsonb('numbering_json').notNullable().defaultTo('{}');
    t.boolean('is_template').notNullable().defaultTo(false);
    // Bumped on every save, so two managers saving at once cannot silently overwrite each other.
    t.integer('version').notNullable().defaultTo(1);
    t.uuid('updated_by').references('users.id').onDelete('SET NULL');
    timestamps(t, knex);
    t.index(['venue_id']);
  });
  // One live layout per venue; templates are any number.
  await knex.raw('CREATE UNIQUE INDEX floor_layouts_live_per_venue ON floor_layouts (venue_id) WHERE NOT is_template');

  // ---- Tenancy administration ----
  await knex.schema.createTable('invitations', (t) => {
    id(t, knex);
    t.text('email').notNullable();
    t.uuid('organization_id').notNullable().references('organizations.id').onDelete('CASCADE');
    t.uuid('venue_id').references('venues.id').onDelete('CASCADE');
    t.text('role').notNullable();
    // Stored as given; callers keep it unguessable (random, single-use through accepted_at).
    t.text('token').notNullable().unique();
    t.timestamp('expires_at', { useTz: true }).notNullable();
    t.timestamp('accepted_at', { useTz: true });
    t.uuid('created_by').references('users.id').onDelete('SET NULL');
    timestamps(t, knex, false);
    t.index(['organization_id']);
    t.index(['email']);
  });
  await oneOf(knex, 'invitations', 'role', ROLES);

  await knex.schema.createTable('org_usage_monthly', (t) => {
    id(t, knex);
    t.uuid('organization_id').notNullable().references('organizations.id').onDelete('CASCADE');
    t.integer('year').notNullable();
    t.integer('month').notNullable();
    t.integer('orders_closed').notNullable().defaultTo(0);
    t.integer('sms_sent').notNullable().defaultTo(0);
    t.bigInteger('api_calls').notNullable().defaultTo(0);
    t.decimal('storage_used_mb', 12, 2).notNullable().defaultTo(0);
    timestamps(t, knex);
    t.unique(['organization_id', 'year', 'month']);
  });
  await check(
    knex,
    'org_usage_monthly',
    'org_usage_monthly_month_check',
    'month BETWEEN 1 AND 12 AND year BETWEEN 2000 AND 9999',
  );

  await knex.schema.createTable('data_export_requests', (t) => {
    id(t, knex);
    t.uuid('organization_id').notNullable().references('organizations.id').onDelete('CASCADE');
    t.uuid('requested_by').references('users.id').onDelete('SET NULL');
    t.specificType('data_types', 'text[]').notNullable().defaultTo('{}');
    t.text('status').notNullable().defaultTo('PENDING');
    t.text('download_url');
    t.timestamp('expires_at', { useTz: true });
    timestamps(t, knex);
    t.index(['organization_id', 'status']);
  });
  await oneOf(knex, 'data_export_requests', 'status', REQUEST_STATUSES);

  await knex.schema.createTable('data_deletion_requests', (t) => {
    id(t, knex);
    t.uuid('organization_id').notNullable().references('organizations.id').onDelete('CASCADE');
    t.uuid('requested_by').references('users.id').onDelete('SET NULL');
    t.specificType('data_types', 'text[]').notNullable().defaultTo('{}');
    t.text('reason');
    t.text('status').notNullable().defaultTo('PENDING');
    t.timestamp('executed_at', { useTz: true });
    timestamps(t, knex);
    t.index(['organization_id', 'status']);
  });
  await oneOf(knex, 'data_deletion_requests', 'status', DELETION_STATUSES);

  // An alert about one subject goes out once per urgency window: the sender upserts on the key
  // and compares last_sent_at.
  await knex.schema.createTable('alert_deduplication', (t) => {
    id(t, knex);
    t.uuid('tenant_id').notNullable().references('organizations.id').onDelete('CASCADE');
    t.text('alert_type').notNullable();
    t.text('subject_id').notNullable();
    t.text('urgency').notNullable();
    t.timestamp('last_sent_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    timestamps(t, knex, false);
    t.unique(['tenant_id', 'alert_type', 'subject_id']);
  });
  await oneOf(knex, 'alert_deduplication', 'urgency', ALERT_URGENCIES);

  // The events feed is read by time too (dashboard, QA, retention).
  await knex.schema.alterTable('events', (t) => {
    t.index(['venue_id', 'created_at']);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('events', (t) => {
    t.dropIndex(['venue_id', 'created_at']);
  });
  for (const table of [
    'alert_deduplication',
    'data_deletion_requests',
    'data_export_requests',
    'org_usage_monthly',
    'invitations',
    'floor_layouts',
    'zones',
    'payments',
    'waitlist',
    'tasks',
  ]) {
    await knex.schema.dropTableIfExists(table);
  }
  await knex.raw('ALTER TABLE orders DROP CONSTRAINT IF EXISTS orders_priority_check');
  await knex.schema.alterTable('orders', (t) => {
    t.dropIndex(['venue_id', 'ready_at']);
    t.dropIndex(['runner_id']);
    t.dropColumns(
      'priority',
      'zone',
      'special_instructions',
      'runner_id',
      'ready_at',
      'picked_up_at',
      'delivered_at',
      'estimated_delivery_minutes',
    );
  });
  for (const table of ['delivery_run_orders', 'delivery_runs', 'runners', 'table_status_cache']) {
    await knex.schema.dropTableIfExists(table);
  }
  await knex.schema.alterTable('sessions', (t) => {
    t.dropForeign(['reservation_id']);
  });
  await knex.schema.dropTableIfExists('reservations');
  await knex.raw('ALTER TABLE menu_items DROP CONSTRAINT IF EXISTS menu_items_temperature_check');
  await knex.schema.alterTable('menu_items', (t) => {
    t.dropColumns('temperature', 'is_fragile');
  });
  await knex.schema.alterTable('restaurants', (t) => {
    t.dropColumn('is_active');
  });
  for (const [table, name] of [
    ['print_jobs', 'print_jobs_type_check'],
    ['print_jobs', 'print_jobs_status_check'],
    ['printers', 'printers_connection_check'],
    ['printers', 'printers_status_check'],
    ['menu_items', 'menu_items_price_check'],
    ['orders', 'orders_status_check'],
    ['sessions', 'sessions_party_size_check'],
    ['sessions', 'sessions_status_check'],
    ['user_roles', 'user_roles_role_check'],
    ['tables', 'tables_capacity_range_check'],
    ['tables', 'tables_shape_check'],
    ['organizations', 'organizations_plan_check'],
  ] as const) {
    await knex.raw(`ALTER TABLE ${table} DROP CONSTRAINT IF EXISTS ${name}`);
  }
}
