import { randomUUID } from 'node:crypto';
import { rmSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../test/database.js';
import { pgliteFolder } from '../test/pglite-folder.js';
import { closeDb, connectDb, type Db } from './connect.js';
import { appliedMigrations, migrateDown, migrateLatest, migrationNames, rollbackAll } from './migrate.js';

const TABLES = [
  'organizations',
  'venues',
  'users',
  'user_roles',
  'restaurants',
  'tables',
  'menu_items',
  'sessions',
  'orders',
  'order_items',
  'events',
  'printers',
  'print_jobs',
  'reservations',
  'table_status_cache',
  'tasks',
  'waitlist',
  'payments',
  'invitations',
  'org_usage_monthly',
  'data_export_requests',
  'data_deletion_requests',
  'alert_deduplication',
  'runners',
  'delivery_runs',
  'delivery_run_orders',
  'pass_tickets',
  'floor_layouts',
  'floor_layout_versions',
  'floor_templates',
  'zones',
  'idempotency_keys',
  'login_throttles',
  'database_epoch',
  'ticketed_items',
  'periodic_runs',
];

async function tableNames(db: Db): Promise<string[]> {
  const { rows } = await db.raw(
    "select table_name from information_schema.tables where table_schema = 'public' order by table_name",
  );
  return (rows as { table_name: string }[]).map((r) => r.table_name);
}

async function columnsOf(db: Db, table: string): Promise<string[]> {
  const { rows } = await db.raw(
    "select column_name from information_schema.columns where table_schema = 'public' and table_name = ?",
    [table],
  );
  return (rows as { column_name: string }[]).map((r) => r.column_name);
}

/** Inserts the minimum rows every tenant-scoped row needs and answers their ids. */
async function tenant(db: Db) {
  const orgId = randomUUID();
  const venueId = randomUUID();
  const tableId = randomUUID();
  const sessionId = randomUUID();
  const orderId = randomUUID();
  await db('organizations').insert({ id: orgId, name: 'Org' });
  await db('venues').insert({ id: venueId, org_id: orgId, name: 'Venue' });
  await db('tables').insert({
    id: tableId,
    org_id: orgId,
    venue_id: venueId,
    number: '1',
    name: 'Table 1',
    capacity: 4,
    capacity_max: 4,
  });
  await db('sessions').insert({ id: sessionId, org_id: orgId, venue_id: venueId, table_id: tableId, party_size: 2 });
  await db('orders').insert({ id: orderId, org_id: orgId, venue_id: venueId, session_id: sessionId });
  return { orgId, venueId, tableId, sessionId, orderId };
}

function behavesLikeTheSchema(connect: () => Promise<{ db: Db; done(): Promise<void> }>) {
  let db: Db;
  let done: () => Promise<void>;
  // Every migration from nothing: on embedded PGlite that is a minute of a core on a busy machine.
  beforeAll(async () => {
    ({ db, done } = await connect());
    await migrateLatest(db);
  }, 240_000);
  afterAll(async () => {
    await done?.();
  });

  it('applies every migration and creates every entity of the spec', async () => {
    expect(await appliedMigrations(db)).toEqual(migrationNames);
    const names = await tableNames(db);
    for (const table of TABLES) expect(names, table).toContain(table);
    expect(await columnsOf(db, 'reservations')).toEqual(
      expect.arrayContaining([
        'org_id',
        'venue_id',
        'guest_contact',
        'slot_start',
        'slot_end',
        'party_size',
        'status',
        'preauth_id',
        'preferences_json',
        'source',
        'locked_table_ids',
      ]),
    );
    expect(await columnsOf(db, 'waitlist')).toEqual(
      expect.arrayContaining([
        'guest_name',
        'phone',
        'email',
        'party_size',
        'quoted_min_wait',
        'quoted_max_wait',
        'position',
        'status',
        'needs_accessibility',
        'needs_high_chair',
        'occasion',
        'notified_at',
      ]),
    );
    expect(await columnsOf(db, 'orders')).toEqual(
      expect.arrayContaining([
        'priority',
        'zone',
        'special_instructions',
        'runner_id',
        'ready_at',
        'estimated_delivery_minutes',
      ]),
    );
  });

  it('fills the defaults of spec 1 section 4', async () => {
    const t = await tenant(db);
    expect(await db('organizations').where({ id: t.orgId }).first('plan')).toEqual({ plan: 'STARTER' });
    expect(await db('venues').where({ id: t.venueId }).first('tz')).toEqual({ tz: 'UTC' });
    expect(await db('tables').where({ id: t.tableId }).first('state', 'shape', 'x_position', 'rotation')).toEqual({
      state: 'EMPTY',
      shape: 'CIRCLE',
      x_position: '0.00',
      rotation: '0.00',
    });
    expect(await db('orders').where({ id: t.orderId }).first('status', 'total', 'priority')).toEqual({
      status: 'CREATED',
      total: '0.00',
      priority: 'normal',
    });

    const [payment] = await db('payments')
      .insert({ org_id: t.orgId, venue_id: t.venueId, order_id: t.orderId, amount: '12.50' })
      .returning(['id', 'currency', 'status', 'amount', 'created_at']);
    expect(payment).toMatchObject({ currency: 'USD', status: 'PENDING', amount: '12.50' });
    expect(payment.id).toMatch(/^[0-9a-f-]{36}$/);
    expect(payment.created_at).toBeInstanceOf(Date);

    const [reservation] = await db('reservations')
      .insert({
        org_id: t.orgId,
        venue_id: t.venueId,
        guest_contact: { name: 'Ada', phone: '555-0100', email: 'ada@example.com' },
        slot_start: new Date('2026-05-01T19:00:00Z'),
        slot_end: new Date('2026-05-01T21:00:00Z'),
        party_size: 4,
      })
      .returning(['status', 'source', 'locked_table_ids', 'guest_contact']);
    expect(reservation).toEqual({
      status: 'CONFIRMED',
      source: 'DIRECT',
      locked_table_ids: [],
      guest_contact: { name: 'Ada', phone: '555-0100', email: 'ada@example.com' },
    });

    const [entry] = await db('waitlist')
      .insert({ org_id: t.orgId, venue_id: t.venueId, guest_name: 'Grace', party_size: 2 })
      .returning(['status', 'needs_accessibility', 'needs_high_chair']);
    expect(entry).toEqual({ status: 'WAITING', needs_accessibility: false, needs_high_chair: false });

    const [task] = await db('tasks')
      .insert({ org_id: t.orgId, venue_id: t.venueId, type: 'CLEAN', target_table_id: t.tableId })
      .returning(['status', 'priority']);
    expect(task).toEqual({ status: 'PENDING', priority: 0 });

    const [usage] = await db('org_usage_monthly')
      .insert({ organization_id: t.orgId, year: 2026, month: 5 })
      .returning(['orders_closed', 'sms_sent', 'api_calls', 'storage_used_mb']);
    expect(usage).toEqual({ orders_closed: 0, sms_sent: 0, api_calls: 0, storage_used_mb: '0.00' });

    const [exportRequest] = await db('data_export_requests')
      .insert({ organization_id: t.orgId, data_types: ['orders', 'payments'] })
      .returning(['status', 'data_types']);
    expect(exportRequest).toEqual({ status: 'PENDING', data_types: ['orders', 'payments'] });
    const [deletion] = await db('data_deletion_requests')
      .insert({ organization_id: t.orgId, data_types: ['guests'], reason: 'GDPR' })
      .returning(['status']);
    expect(deletion).toEqual({ status: 'PENDING' });

    const [runner] = await db('runners')
      .insert({ org_id: t.orgId, venue_id: t.venueId, name: 'Sam' })
      .returning(['id', 'status']);
    expect(runner.status).toBe('available');
    const [run] = await db('delivery_runs')
      .insert({ org_id: t.orgId, venue_id: t.venueId, runner_id: runner.id, zone: 'Patio' })
      .returning(['id', 'status']);
    expect(run.status).toBe('active');
    // A zone run takes tickets on the pass (migration 0017); an order's first ticket has its id.
    await db('pass_tickets').insert({
      id: t.orderId,
      org_id: t.orgId,
      venue_id: t.venueId,
      order_id: t.orderId,
      zone: 'Patio',
      ready_at: new Date(),
    });
    await db('delivery_run_orders').insert({
      org_id: t.orgId,
      venue_id: t.venueId,
      delivery_run_id: run.id,
      order_id: t.orderId,
    });
    await expect(
      db('delivery_run_orders').insert({
        org_id: t.orgId,
        venue_id: t.venueId,
        delivery_run_id: run.id,
        order_id: randomUUID(),
      }),
    ).rejects.toThrow(/delivery_run_orders_ticket_foreign/);

    const [layout] = await db('floor_layouts')
      .insert({ org_id: t.orgId, venue_id: t.venueId, components: JSON.stringify([{ id: 'c1', type: 'table' }]) })
      .returning(['components', 'zones', 'version', 'is_template']);
    expect(layout).toEqual({ components: [{ id: 'c1', type: 'table' }], zones: [], version: 1, is_template: false });
  });

  it('refuses bad enumeration values and broken invariants, changing nothing', async () => {
    const t = await tenant(db);
    await expect(db('tables').where({ id: t.tableId }).update({ state: 'ON_FIRE' })).rejects.toThrow(
      /tables_state_check/,
    );
    await expect(db('tables').where({ id: t.tableId }).update({ shape: 'STAR' })).rejects.toThrow(/tables_shape_check/);
    await expect(db('organizations').where({ id: t.orgId }).update({ plan: 'GOLD' })).rejects.toThrow(
      /organizations_plan_check/,
    );
    await expect(
      db('payments').insert({
        org_id: t.orgId,
        venue_id: t.venueId,
        order_id: t.orderId,
        amount: '1.00',
        status: 'LOST',
      }),
    ).rejects.toThrow(/payments_status_check/);
    await expect(
      db('waitlist').insert({ org_id: t.orgId, venue_id: t.venueId, guest_name: '  ', party_size: 2 }),
    ).rejects.toThrow(/waitlist_guest_name_check/);
    await expect(
      db('waitlist').insert({ org_id: t.orgId, venue_id: t.venueId, guest_name: 'Big party', party_size: 21 }),
    ).rejects.toThrow(/waitlist_party_size_check/);
    await expect(db('tasks').insert({ org_id: t.orgId, venue_id: t.venueId, type: 'PAINT' })).rejects.toThrow(
      /tasks_type_check/,
    );
    expect(await db('tables').where({ id: t.tableId }).first('state', 'shape')).toEqual({
      state: 'EMPTY',
      shape: 'CIRCLE',
    });
    expect(await db('payments').where({ order_id: t.orderId }).count({ n: '*' })).toEqual([{ n: 0 }]);
  });

  it("starts every table's QR code at generation 1 and refuses a generation below it", async () => {
    const t = await tenant(db);
    expect(await db('tables').where({ id: t.tableId }).first('qr_generation')).toEqual({ qr_generation: 1 });
    await expect(db('tables').where({ id: t.tableId }).update({ qr_generation: 0 })).rejects.toThrow(
      /tables_qr_generation_check/,
    );
  });

  it("starts every venue's entrance code at generation 1 and refuses a generation below it", async () => {
    const t = await tenant(db);
    expect(await db('venues').where({ id: t.venueId }).first('entrance_generation')).toEqual({
      entrance_generation: 1,
    });
    await expect(db('venues').where({ id: t.venueId }).update({ entrance_generation: 0 })).rejects.toThrow(
      /venues_entrance_generation_check/,
    );
  });

  it('gives the database one epoch, a random id, and keeps it to one row', async () => {
    const rows = await db('database_epoch').select('epoch');
    expect(rows).toHaveLength(1);
    expect(rows[0].epoch).toMatch(/^[0-9a-f-]{36}$/);
    await expect(db('database_epoch').insert({ id: true, epoch: randomUUID() })).rejects.toThrow(/unique|duplicate/i);
    await expect(db('database_epoch').insert({ id: false, epoch: randomUUID() })).rejects.toThrow(
      /database_epoch_one_row/,
    );
  });

  it("lets a printer name another printer of its venue as its backup, never itself or another venue's", async () => {
    const t = await tenant(db);
    const printer = async (venueId: string, backupPrinterId: string | null = null) => {
      const [row] = await db('printers')
        .insert({ id: randomUUID(), org_id: t.orgId, venue_id: venueId, name: 'P', backup_printer_id: backupPrinterId })
        .returning(['id', 'backup_printer_id']);
      return row as { id: string; backup_printer_id: string | null };
    };
    const cold = await printer(t.venueId);
    expect(cold.backup_printer_id).toBeNull();
    const bar = await printer(t.venueId, cold.id);
    expect(bar.backup_printer_id).toBe(cold.id);
    await expect(db('printers').where({ id: cold.id }).update({ backup_printer_id: cold.id })).rejects.toThrow(
      /printers_backup_not_itself/,
    );
    const otherVenue = randomUUID();
    await db('venues').insert({ id: otherVenue, org_id: t.orgId, name: 'Other' });
    await expect(printer(otherVenue, cold.id)).rejects.toThrow(/printers_backup_printer_fk/);
    // Removing the backup leaves the station without one.
    await db('printers').where({ id: cold.id }).delete();
    expect(await db('printers').where({ id: bar.id }).first('backup_printer_id')).toEqual({ backup_printer_id: null });
  });

  it("keeps what terminals report of printing: a printer's state, a job's every state, the items it ticketed", async () => {
    const t = await tenant(db);
    const printerId = randomUUID();
    await db('printers').insert({ id: printerId, org_id: t.orgId, venue_id: t.venueId, name: 'P' });
    // Nobody has asked the printer yet.
    expect(await db('printers').where({ id: printerId }).first('status', 'status_at')).toEqual({
      status: 'UNKNOWN',
      status_at: null,
    });
    await db('printers').where({ id: printerId }).update({ status: 'PAPER_OUT', status_at: new Date() });
    await expect(db('printers').where({ id: printerId }).update({ status: 'ON FIRE' })).rejects.toThrow(
      /printers_status_check/,
    );
    const job = (status: string) => ({
      id: randomUUID(),
      org_id: t.orgId,
      venue_id: t.venueId,
      printer_id: printerId,
      type: 'kitchen_ticket',
      status,
      data: '{}',
    });
    const moved = job('MOVED');
    await db('print_jobs').insert([job('UNCONFIRMED'), moved]);
    await expect(db('print_jobs').insert(job('LOST'))).rejects.toThrow(/print_jobs_status_check/);
    const itemId = randomUUID();
    const menuItemId = randomUUID();
    await db('menu_items').insert({
      id: menuItemId,
      org_id: t.orgId,
      venue_id: t.venueId,
      name: 'Lemonade',
      price: '3.50',
      category: 'Drinks',
    });
    await db('order_items').insert({
      id: itemId,
      org_id: t.orgId,
      venue_id: t.venueId,
      order_id: t.orderId,
      menu_item_id: menuItemId,
      menu_item_name: 'Lemonade',
      quantity: 1,
      unit_price: '3.50',
      total_price: '3.50',
      fire_at: new Date(),
    });
    const ticketed = { item_id: itemId, org_id: t.orgId, venue_id: t.venueId, order_id: t.orderId, station: 'Bar' };
    await db('ticketed_items').insert({ ...ticketed, print_job_id: moved.id });
    // One ticket per item: a second record of the same item is refused by its key.
    await expect(db('ticketed_items').insert({ ...ticketed, print_job_id: moved.id })).rejects.toThrow(/duplicate/i);
  });

  it('keeps one alert per tenant, type and subject, and one live layout per venue', async () => {
    const t = await tenant(db);
    const alert = { tenant_id: t.orgId, alert_type: 'ORDER_DELAYED', subject_id: t.orderId, urgency: 'HIGH' };
    await db('alert_deduplication').insert(alert);
    await expect(db('alert_deduplication').insert({ ...alert, urgency: 'CRITICAL' })).rejects.toThrow(/unique/i);
    // The upsert a sender uses to bump an existing alert.
    await db('alert_deduplication')
      .insert({ ...alert, urgency: 'CRITICAL' })
      .onConflict(['tenant_id', 'alert_type', 'subject_id'])
      .merge({ urgency: 'CRITICAL', last_sent_at: db.fn.now() });
    expect(await db('alert_deduplication').where({ tenant_id: t.orgId }).pluck('urgency')).toEqual(['CRITICAL']);

    await db('floor_layouts').insert({ org_id: t.orgId, venue_id: t.venueId });
    await expect(db('floor_layouts').insert({ org_id: t.orgId, venue_id: t.venueId })).rejects.toThrow(
      /floor_layouts_live_per_venue/,
    );
    await db('floor_layouts').insert({ org_id: t.orgId, venue_id: t.venueId, name: 'Café', is_template: true });
  });

  it('keeps what an idempotency record answered for, and counts sign-ins per account and address', async () => {
    expect(await columnsOf(db, 'idempotency_keys')).toEqual(
      expect.arrayContaining(['request_hash', 'answer_withheld', 'created_at']),
    );
    const t = await tenant(db);
    await db('idempotency_keys').insert({
      org_id: t.orgId,
      key: 'k',
      principal: 'p',
      method: 'POST',
      path: '/x',
      status_code: 0,
    });
    expect(await db('idempotency_keys').where({ org_id: t.orgId }).first('request_hash', 'answer_withheld')).toEqual({
      request_hash: null,
      answer_withheld: false,
    });
    const row = { email: 'a@b.test', address: '', attempts: 1, window_started_at: new Date() };
    await db('login_throttles').insert([row, { ...row, address: '10.0.0.1' }]);
    await expect(db('login_throttles').insert(row)).rejects.toThrow(/unique|duplicate/i);
  });

  it('rolls back one step at a time and all the way, and migrates again', async () => {
    // Each migration's down runs on the schema its up made.
    for (let left = migrationNames.length - 1; left >= 1; left -= 1) {
      await migrateDown(db);
      expect(await appliedMigrations(db)).toEqual(migrationNames.slice(0, left));
    }
    expect(await tableNames(db)).not.toContain('reservations');
    expect(await tableNames(db)).not.toContain('login_throttles');
    expect(await columnsOf(db, 'idempotency_keys')).not.toContain('request_hash');
    await migrateLatest(db);
    await migrateDown(db);
    await rollbackAll(db);
    expect(await appliedMigrations(db)).toEqual([]);
    expect((await tableNames(db)).filter((n) => !n.startsWith('knex_'))).toEqual([]);
    await migrateLatest(db);
    expect(await appliedMigrations(db)).toEqual(migrationNames);
    // Every migration down and up three times: on PGlite, beside other suites, well past 30 s.
  }, 180_000);
}

describe('migrations on the PostgreSQL server', () => {
  behavesLikeTheSchema(async () => {
    const t: TestDatabase = await createTestDatabase();
    return { db: t.db, done: () => t.drop() };
  });
});

describe('migrations on embedded PGlite', () => {
  behavesLikeTheSchema(async () => {
    const dir = await pgliteFolder('tw-migrate-');
    const db = await connectDb({ dataDir: dir });
    return {
      db,
      async done() {
        await closeDb(db);
        rmSync(dir, { recursive: true, force: true });
      },
    };
  });
});
