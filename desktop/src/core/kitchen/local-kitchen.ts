// The kitchen's clock on this terminal: held items fire when their course is due, and the items
// that reached the kitchen get their tickets on this terminal's printers, after every pass and
// whenever items change (batched to one pass per turn of the event loop).
import type { Bus } from '../bus.js';
import { localItemEvent } from '../local-events.js';
import { log } from '../log.js';
import type { PrintQueue } from '../print-queue.js';
import type { ReadDb, WriteDb } from '../sqlite/replica.js';
import { getMeta } from '../sqlite/repositories/meta.js';
import { fireDueItems } from './firing.js';
import { makeDueTickets } from './ticketing.js';

export function localKitchen(ctx: {
  read: ReadDb;
  write: WriteDb;
  bus: Bus;
  now: () => Date;
  printQueue: () => PrintQueue | null;
}): { tick(): void } {
  const { read, write, bus, now, printQueue } = ctx;
  const makeTickets = () => {
    const terminalId = getMeta(read).terminalId;
    const queue = printQueue();
    if (!queue || !terminalId) return;
    try {
      makeDueTickets({ db: write, terminalId, queue, now: now() });
    } catch (error) {
      log.error({ err: error }, 'making kitchen tickets failed');
    }
  };
  let ticketsScheduled = false;
  bus.on('itemsChanged', () => {
    if (ticketsScheduled) return;
    ticketsScheduled = true;
    setImmediate(() => {
      ticketsScheduled = false;
      // An event applied as the core closes schedules this after the replica has closed.
      if (read.sql.open) makeTickets();
    });
  });
  return {
    tick() {
      try {
        const fired = fireDueItems(write, now());
        for (const { item, from } of fired) bus.emit('live', localItemEvent(read, item, from, now()));
        if (fired.length > 0) bus.emit('itemsChanged');
      } catch (error) {
        log.error({ err: error }, 'local firing failed');
      }
      makeTickets();
    },
  };
}
