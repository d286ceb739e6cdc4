// What a terminal reads to build and keep its replica.
import {
  type EventsAfterAnswer,
  type LiveEvent,
  type SnapshotAnswer,
  venueDate,
  venueDayBounds,
} from '@tablewise/shared';
import type { Db, Queryable, TerminalActor, VenueActor } from '../context.js';
import { notFound } from '../errors.js';
import {
  presentMenuItem,
  presentPrinter,
  presentReservation,
  presentSession,
  presentTable,
  presentVenue,
} from '../presenters/index.js';
import { databaseEpoch } from '../repositories/database-epoch.js';
import { listEventsAfter } from '../repositories/events.js';
import { listMenuItems } from '../repositories/menu.js';
import { listTicketedOfOrders } from '../repositories/print-jobs.js';
import { listPrinters } from '../repositories/printers.js';
import { listReservationsFrom } from '../repositories/reservations.js';
import { listActiveSessions } from '../repositories/sessions.js';
import { listTables } from '../repositories/tables.js';
import { findVenue } from '../repositories/venues.js';
import { venueTasks } from './cleaning.js';
import { publishedLayoutVersion } from './floor-layouts.js';
import { openOrders } from './orders.js';
import { replicaPayments } from './payments.js';
import { runnerOrders, runners } from './runner.js';
import { waitlistQueue } from './waitlist.js';

const DAY_MS = 24 * 60 * 60 * 1000;

/** Everything a replica needs, read in one REPEATABLE READ snapshot so `seq` matches the data. */
export async function snapshot(
  db: Db,
  actor: VenueActor | TerminalActor,
  now: Date = new Date(),
  opts: { demoPayments?: boolean } = {},
): Promise<SnapshotAnswer> {
  return db.transaction(
    async (trx) => {
      const venue = await findVenue(trx, actor.venueId);
      if (!venue) throw notFound('Venue');
      // One connection: the reads go one after another (pg refuses overlapping queries).
      const tables = await listTables(trx, venue.id);
      const menu = await listMenuItems(trx, { orgId: venue.org_id, venueId: venue.id });
      const sessions = await listActiveSessions(trx, venue.id);
      const orders = await openOrders(trx, venue.id);
      const printers = await listPrinters(trx, venue.id);
      const waitlist = await waitlistQueue(trx, { venueId: venue.id });
      const ticketed = await listTicketedOfOrders(
        trx,
        venue.id,
        orders.map((o) => o.id),
      );
      // From the start of yesterday at the venue: today's list and tomorrow's bookings, whatever the zone.
      const yesterday = venueDayBounds(venueDate(new Date(now.getTime() - DAY_MS), venue.tz), venue.tz).start;
      const reservations = await listReservationsFrom(trx, venue.id, yesterday);
      const tasks = await venueTasks(trx, { venueId: venue.id }, {}, now);
      const onThePass = await runnerOrders(trx, venue.id, now);
      const venueRunners = await runners(trx, venue.id);
      const payments = await replicaPayments(trx, venue.id);
      const floorLayout = await publishedLayoutVersion(trx, { orgId: venue.org_id, venueId: venue.id });
      const epoch = await databaseEpoch(trx);
      return {
        seq: Number(venue.event_seq),
        epoch,
        venue: presentVenue(venue),
        tables: tables.map(presentTable),
        menuItems: menu.map(presentMenuItem),
        sessions: sessions.map(presentSession),
        orders,
        printers: printers.map(presentPrinter),
        waitlist,
        ticketed: ticketed.map((t) => ({ itemId: t.item_id, orderId: t.order_id, station: t.station })),
        reservations: reservations.map(presentReservation),
        tasks,
        runnerOrders: onThePass,
        runners: venueRunners,
        payments,
        demoPayments: opts.demoPayments ?? false,
        floorLayout,
      };
    },
    { isolationLevel: 'repeatable read' },
  );
}

export async function eventsAfter(
  q: Queryable,
  venueId: string,
  after: number,
  limit: number,
): Promise<EventsAfterAnswer> {
  const rows = await listEventsAfter(q, venueId, after, limit + 1);
  const page = rows.slice(0, limit);
  return {
    epoch: await databaseEpoch(q),
    events: page.map((r) => r.payload_json as LiveEvent),
    lastSeq: page.at(-1)?.seq ?? after,
    hasMore: rows.length > limit,
  };
}
