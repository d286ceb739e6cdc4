// Kitchen tickets: items that reached the kitchen, at a station whose printer this terminal
// drives, get one ticket per (order, station). ticketed_items makes this idempotent: the job and
// the marks commit together, so an item is never ticketed twice nor silently skipped. Made from
// the cloud's items, they commit without waiting for the disk (transactDerived): the FULL commit
// before the job's first byte goes out makes them durable, and a power cut before that loses them
// with the events they came from, which the terminal reads again and tickets once.

import { createHash } from 'node:crypto';
import type { KitchenTicket, OrderItem, Printer, TicketedItem } from '@tablewise/shared';
import { transactDerived, type WriteDb } from '../sqlite/replica.js';
import { getOrder, listUnticketedKitchenItems } from '../sqlite/repositories/orders.js';
import { listPrinters } from '../sqlite/repositories/printers.js';
import { getTable } from '../sqlite/repositories/tables.js';
import { markTicketed } from '../sqlite/repositories/ticketed.js';
import { getVenue } from '../sqlite/repositories/venue.js';

/** What ticketing needs of the print queue (PrintService). */
export interface KitchenTicketQueue {
  enqueueKitchenTicket(input: {
    dedupeKey: string;
    printer: Printer;
    ticket: KitchenTicket;
    ticketed: readonly TicketedItem[];
  }): { id: string };
}

export interface TicketingContext {
  db: WriteDb;
  terminalId: string;
  queue: KitchenTicketQueue;
  now: Date;
}

/** Makes every ticket that is due; answers how many tickets were enqueued. */
export function makeDueTickets({ db, terminalId, queue, now }: TicketingContext): number {
  return transactDerived(db, () => {
    const printers = listPrinters(db).filter((p) => p.terminalId === terminalId && p.station !== null);
    if (printers.length === 0) return 0;
    const groups = new Map<string, { printer: Printer; station: string; orderId: string; items: OrderItem[] }>();
    for (const item of listUnticketedKitchenItems(db)) {
      if (item.station === null) continue;
      const printer = printers.find((p) => p.station === item.station);
      if (!printer) continue;
      const key = `${item.orderId}\u0000${item.station}`;
      const group = groups.get(key) ?? { printer, station: item.station, orderId: item.orderId, items: [] };
      group.items.push(item);
      groups.set(key, group);
    }
    if (groups.size === 0) return 0;
    const timezone = getVenue(db)?.timezone ?? 'UTC';
    let made = 0;
    for (const group of groups.values()) {
      const order = getOrder(db, group.orderId);
      const table = order?.tableId ? getTable(db, order.tableId) : null;
      const ticket: KitchenTicket = {
        tableName: table?.name ?? order?.tableName ?? null,
        orderId: group.orderId,
        station: group.station,
        items: group.items.map((i) => ({
          quantity: i.quantity,
          name: i.menuItemName,
          modifiers: i.modifiers.map((m) => m.optionName),
          notes: i.notes,
          course: i.course,
        })),
        firedAt: now,
        timezone,
      };
      const ids = group.items.map((i) => i.id).sort();
      const dedupeKey = `kitchen:${createHash('sha256')
        .update(`${group.orderId}|${group.station}|${ids.join(',')}`)
        .digest('hex')}`;
      const ticketed = group.items.map((i) => ({ itemId: i.id, orderId: group.orderId, station: group.station }));
      const job = queue.enqueueKitchenTicket({ dedupeKey, printer: group.printer, ticket, ticketed });
      markTicketed(db, ticketed, job.id, now.toISOString());
      made += 1;
    }
    return made;
  });
}
