import type { KitchenTicket, Printer } from '@tablewise/shared';
import { afterEach, expect, it } from 'vitest';
import { openReplica } from '../sqlite/replica.js';
import { setIdentity } from '../sqlite/repositories/meta.js';
import { getOrderItem } from '../sqlite/repositories/orders.js';
import { applySnapshot } from '../sync/apply.js';
import { item, order, printer, snapshot, table, tempDir } from '../test/fixtures.js';
import { fireDueItems } from './firing.js';
import { makeDueTickets } from './ticketing.js';

const cleanups: (() => void)[] = [];
afterEach(() => {
  for (const c of cleanups.splice(0).reverse()) c();
});
const TERMINAL = '33333333-3333-4333-8333-333333333333';

it('fires held items whose time has come and tickets each (order, station) of this terminal once', () => {
  const t = tempDir();
  const r = openReplica(`${t.dir}/replica.sqlite`);
  cleanups.push(
    () => t.remove(),
    () => r.close(),
  );
  const tbl = table({ name: 'Patio 3' });
  const o = order(tbl.id, (id) => [
    item(id, { status: 'CONFIRMED', station: 'Grill', menuItemName: 'Steak', fireAt: '2026-06-14T19:05:00.000Z' }),
    item(id, { status: 'CONFIRMED', station: 'Grill', menuItemName: 'Burger', fireAt: '2026-06-14T19:05:00.000Z' }),
    item(id, { status: 'CONFIRMED', station: 'Cold', menuItemName: 'Salad', fireAt: '2026-06-14T19:05:00.000Z' }),
    item(id, {
      status: 'CONFIRMED',
      station: 'Grill',
      menuItemName: 'Cake',
      course: 'dessert',
      fireAt: '2026-06-14T19:35:00.000Z',
    }),
  ]);
  applySnapshot(
    r.write,
    snapshot({
      seq: 1,
      tables: [tbl],
      orders: [o],
      printers: [
        printer(TERMINAL, { station: 'Grill' }),
        printer('44444444-4444-4444-8444-444444444444', { station: 'Cold', name: 'Cold' }),
      ],
    }),
    new Date('2026-06-14T19:00:00.000Z'),
  );
  setIdentity(r.write, TERMINAL, o.venueId);

  const fired = fireDueItems(r.write, new Date('2026-06-14T19:06:00.000Z'));
  expect(fired.map((f) => f.item.menuItemName).sort()).toEqual(['Burger', 'Salad', 'Steak']);
  expect(getOrderItem(r.read, o.items[3]!.id)?.status).toBe('CONFIRMED');

  const tickets: { printer: Printer; ticket: KitchenTicket }[] = [];
  const queue = {
    enqueueKitchenTicket: (input: { printer: Printer; ticket: KitchenTicket }) => {
      tickets.push(input);
      return { id: `job-${tickets.length}` };
    },
  };
  const at = new Date('2026-06-14T19:06:01.000Z');
  expect(makeDueTickets({ db: r.write, terminalId: TERMINAL, queue, now: at })).toBe(1);
  expect(tickets).toHaveLength(1);
  expect(tickets[0]?.printer.station).toBe('Grill');
  expect(tickets[0]?.ticket).toMatchObject({
    tableName: 'Patio 3',
    station: 'Grill',
    orderId: o.id,
    timezone: 'America/New_York',
  });
  expect(tickets[0]?.ticket.items.map((i) => i.name).sort()).toEqual(['Burger', 'Steak']);
  expect(tickets[0]?.ticket.items[0]?.modifiers).toEqual(['Medium rare']);
  // The Cold station's printer belongs to another terminal: no ticket here. And never twice.
  expect(makeDueTickets({ db: r.write, terminalId: TERMINAL, queue, now: at })).toBe(0);
  expect(tickets).toHaveLength(1);
});
