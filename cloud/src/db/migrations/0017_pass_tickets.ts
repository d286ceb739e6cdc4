// Tickets on the pass (issue 22): expo sends what is ready, a course or a ticket's ready items, to
// the runners while later courses are still held, so an order may go out in several tickets. A
// ticket keeps what used to sit on the order (its zone, when it was ready, who carries it), and
// each item names the ticket it went out on. An order already with the runners becomes one ticket
// with the order's id, holding every item it had; zone runs name tickets from now on.
import type { Knex } from 'knex';

export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('pass_tickets', (t) => {
    t.uuid('id').primary();
    t.uuid('org_id').notNullable().references('organizations.id').onDelete('CASCADE');
    t.uuid('venue_id').notNullable().references('venues.id').onDelete('CASCADE');
    t.uuid('order_id').notNullable().references('orders.id').onDelete('CASCADE');
    t.text('zone').notNullable();
    t.timestamp('ready_at', { useTz: true }).notNullable();
    t.integer('estimated_delivery_minutes');
    t.uuid('runner_id').references('runners.id').onDelete('SET NULL');
    t.timestamp('picked_up_at', { useTz: true });
    t.timestamp('delivered_at', { useTz: true });
    t.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.index(['venue_id', 'ready_at']);
    t.index(['order_id']);
    t.index(['runner_id']);
  });
  await knex.schema.alterTable('order_items', (t) => {
    t.uuid('pass_ticket_id').references('pass_tickets.id').onDelete('SET NULL');
    t.index(['pass_ticket_id']);
  });
  await knex.raw(
    `insert into pass_tickets (id, org_id, venue_id, order_id, zone, ready_at, estimated_delivery_minutes, runner_id,
       picked_up_at, delivered_at, updated_at)
     select o.id, o.org_id, o.venue_id, o.id, coalesce(o.zone, t.zone, 'Floor'), o.ready_at, o.estimated_delivery_minutes,
       o.runner_id, o.picked_up_at, o.delivered_at, o.updated_at
     from orders o left join sessions s on s.id = o.session_id left join tables t on t.id = s.table_id
     where o.ready_at is not null`,
  );
  await knex.raw(
    'update order_items i set pass_ticket_id = i.order_id where exists (select 1 from pass_tickets p where p.id = i.order_id)',
  );
  // A zone run takes tickets (an order's first ticket kept the order's id, so old runs still match).
  await knex.raw('alter table delivery_run_orders drop constraint if exists delivery_run_orders_order_id_foreign');
  await knex.raw(
    `delete from delivery_run_orders r where not exists (select 1 from pass_tickets p where p.id = r.order_id)`,
  );
  await knex.schema.alterTable('delivery_run_orders', (t) => {
    t.foreign('order_id', 'delivery_run_orders_ticket_foreign').references('pass_tickets.id').onDelete('CASCADE');
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('delivery_run_orders', (t) => {
    t.dropForeign('order_id', 'delivery_run_orders_ticket_foreign');
  });
  await knex.raw(`delete from delivery_run_orders r where not exists (select 1 from orders o where o.id = r.order_id)`);
  await knex.schema.alterTable('delivery_run_orders', (t) => {
    t.foreign('order_id').references('orders.id').onDelete('CASCADE');
  });
  await knex.schema.alterTable('order_items', (t) => {
    t.dropColumn('pass_ticket_id');
  });
  await knex.schema.dropTable('pass_tickets');
}
