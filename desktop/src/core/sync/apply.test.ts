import { changeItemStatus, LayoutVersion, type OrderItem } from '@tablewise/shared';
import { afterEach, describe, expect, it } from 'vitest';
import { changeItemStatusLocally, ORDER_ITEM_ENTITY } from '../commands/item-status.js';
import { openReplica } from '../sqlite/replica.js';
import { getPublishedLayout } from '../sqlite/repositories/floor-layout.js';
import { getMeta, setIdentity } from '../sqlite/repositories/meta.js';
import { getOrderItem, setItemStatus } from '../sqlite/repositories/orders.js';
import { appendCall, appendOutbox } from '../sqlite/repositories/outbox.js';
import { listPrinters } from '../sqlite/repositories/printers.js';
import { listTables } from '../sqlite/repositories/tables.js';
import { ticketedAmong } from '../sqlite/repositories/ticketed.js';
import { getVenue } from '../sqlite/repositories/venue.js';
import { getWaitlistEntry } from '../sqlite/repositories/waitlist.js';
import { item, order, printer, snapshot, table, tempDir, VENUE } from '../test/fixtures.js';
import { applyEvent, applySnapshot } from './apply.js';

const cleanups: (() => void)[] = [];
afterEach(() => {
  for (const c of cleanups.splice(0).reverse()) c();
});
const now = () => new Date('2026-06-14T19:10:00.000Z');

function replica() {
  const t = tempDir();
  const r = openReplica(`${t.dir}/replica.sqlite`);
  cleanups.push(
    () => t.remove(),
    () => r.close(),
  );
  return r;
}

const envelope = (seq: number) => ({ seq, venueId: VENUE.id, at: now().toISOString() });

describe('applying the feed', () => {
  it('bootstraps from a snapshot, applies the next event, skips a seen one and reports a gap untouched', () => {
    const r = replica();
    const t = table();
    const o = order(t.id, (id) => [item(id, { status: 'CONFIRMED' })]);
    applySnapshot(r.write, snapshot({ seq: 10, tables: [t], orders: [o] }), now());
    expect(getMeta(r.read).cursor).toBe(10);

    const fired = { ...o.items[0]!, status: 'SENT_TO_KITCHEN' as const };
    const event = {
      ...envelope(11),
      type: 'order.item.status.changed',
      item: fired,
      from: 'CONFIRMED',
      to: 'SENT_TO_KITCHEN',
    };
    expect(applyEvent(r.write, event, now()).kind).toBe('applied');
    expect(getOrderItem(r.read, fired.id)?.status).toBe('SENT_TO_KITCHEN');
    expect(getMeta(r.read).cursor).toBe(11);

    // A replay of seq 11 carrying something else must not be applied.
    expect(applyEvent(r.write, { ...event, item: { ...fired, status: 'CONFIRMED' } }, now()).kind).toBe('skipped');
    expect(getOrderItem(r.read, fired.id)?.status).toBe('SENT_TO_KITCHEN');

    const later = {
      ...envelope(13),
      type: 'table.state.changed',
      tableId: t.id,
      state: 'OCCUPIED',
      table: { ...t, state: 'OCCUPIED' },
    };
    expect(applyEvent(r.write, later, now())).toEqual({ kind: 'gap', cursor: 11, seq: 13 });
    expect(listTables(r.read)[0]?.state).toBe('EMPTY');
    expect(applyEvent(r.write, { ...later, seq: 12 }, now()).kind).toBe('applied');
    expect(listTables(r.read)[0]?.state).toBe('OCCUPIED');
  });

  it('applies a published floor: retired tables go, moved and new ones are put', () => {
    const r = replica();
    const kept = table();
    const retired = table({ number: '2' });
    applySnapshot(r.write, snapshot({ seq: 10, tables: [kept, retired] }), now());
    const moved = { ...kept, number: 'B1', xPosition: 520, zone: 'Bar' };
    const added = table({ number: '3' });
    const event = {
      ...envelope(11),
      type: 'floor.published',
      version: 2,
      tables: [moved, added],
      retiredTableIds: [retired.id],
    };
    expect(applyEvent(r.write, event, now()).kind).toBe('applied');
    const after = listTables(r.read).map((t) => [t.id, t.number, t.xPosition, t.zone]);
    expect(after.sort()).toEqual(
      [
        [kept.id, 'B1', 520, 'Bar'],
        [added.id, '3', added.xPosition, added.zone],
      ].sort(),
    );
  });

  it('keeps the published layout from the snapshot and each publish, never an older one over a newer', () => {
    const r = replica();
    const version = (n: number, zone: string) =>
      LayoutVersion.parse({
        version: n,
        savedBy: 'Mia Manager',
        savedAt: now().toISOString(),
        note: null,
        publishedAt: now().toISOString(),
        tables: 0,
        zones: 1,
        layout: {
          zones: [{ id: 'z1', name: zone, type: 'dining', x: 0, y: 0, width: 300, height: 200, color: '#dbeafe' }],
          components: [],
        },
      });
    applySnapshot(r.write, snapshot({ seq: 10, floorLayout: version(2, 'Main Room') }), now());
    expect(getPublishedLayout(r.read, VENUE.id)?.layout.zones.map((z) => z.name)).toEqual(['Main Room']);
    const publish = (seq: number, n: number, zone: string) => ({
      ...envelope(seq),
      type: 'floor.published',
      version: n,
      tables: [],
      retiredTableIds: [],
      published: version(n, zone),
    });
    expect(applyEvent(r.write, publish(11, 3, 'Patio'), now()).kind).toBe('applied');
    expect(getPublishedLayout(r.read, VENUE.id)).toMatchObject({ version: 3, layout: { zones: [{ name: 'Patio' }] } });
    // An event from before the layout rode on it changes nothing; nor does an older version.
    const { published: _, ...bare } = publish(12, 4, 'Terrace');
    expect(applyEvent(r.write, bare, now()).kind).toBe('applied');
    expect(applyEvent(r.write, publish(13, 1, 'Old'), now()).kind).toBe('applied');
    expect(getPublishedLayout(r.read, VENUE.id)?.version).toBe(3);
    // A snapshot of a venue that never published forgets it.
    applySnapshot(r.write, snapshot({ seq: 20 }), now());
    expect(getPublishedLayout(r.read, VENUE.id)).toBeNull();
  });

  it('advances past an event type this build does not know', () => {
    const r = replica();
    applySnapshot(r.write, snapshot({ seq: 3 }), now());
    expect(applyEvent(r.write, { ...envelope(4), type: 'task.created', task: {} }, now())).toEqual({
      kind: 'applied',
      event: null,
    });
    expect(getMeta(r.read).cursor).toBe(4);
  });

  it('re-applies a pending local change over the server copy, so the screen does not flicker back', () => {
    const r = replica();
    const o = order(null, (id) => [item(id, { status: 'SENT_TO_KITCHEN', notes: null })]);
    applySnapshot(r.write, snapshot({ seq: 1, orders: [o] }), now());
    const it0 = o.items[0]!;
    changeItemStatusLocally(r.write, it0.id, 'IN_PREP', now());
    // Someone edits the note in the cloud; the event still shows the old status.
    const serverCopy = { ...it0, notes: 'no onions' };
    const outcome = applyEvent(
      r.write,
      {
        ...envelope(2),
        type: 'order.item.status.changed',
        item: serverCopy,
        from: 'SENT_TO_KITCHEN',
        to: 'SENT_TO_KITCHEN',
      },
      now(),
    );
    expect(getOrderItem(r.read, it0.id)).toMatchObject({ status: 'IN_PREP', notes: 'no onions' });
    expect(outcome).toMatchObject({ kind: 'applied', event: { item: { status: 'IN_PREP' }, to: 'IN_PREP' } });
    // A snapshot reload keeps it too.
    applySnapshot(r.write, snapshot({ seq: 2, orders: [o] }), now());
    expect(getOrderItem(r.read, it0.id)?.status).toBe('IN_PREP');
  });

  it("replays waiting moves by their decision, an older build's entry (no call named) too, each once", () => {
    const r = replica();
    const o = order(null, (id) => [item(id, { status: 'CONFIRMED', fireAt: '2026-06-14T19:05:00.000Z' })]);
    applySnapshot(r.write, snapshot({ seq: 1, orders: [o] }), now());
    const it0 = o.items[0] as OrderItem;
    // Queued by an older build: method and path only.
    appendOutbox(r.write, {
      idempotencyKey: 'older-build',
      method: 'POST',
      path: `/api/order-items/${it0.id}/status`,
      body: { status: 'IN_PREP' },
      entityType: ORDER_ITEM_ENTITY,
      entityId: it0.id,
      createdAt: now().toISOString(),
    });
    setItemStatus(r.write, it0.id, 'IN_PREP', now().toISOString());
    // Then this build: a move the decision refuses from there (left to the cloud), and a pause.
    appendCall(r.write, changeItemStatus, {
      idempotencyKey: 'refused',
      params: { id: it0.id },
      body: { status: 'DELIVERED' },
      entityType: ORDER_ITEM_ENTITY,
      entityId: it0.id,
      createdAt: now().toISOString(),
    });
    changeItemStatusLocally(r.write, it0.id, 'PAUSE', now());
    // The server copy has not fired the item yet: fired again here, then moved, then paused.
    applyEvent(
      r.write,
      { ...envelope(2), type: 'order.item.status.changed', item: it0, from: 'CONFIRMED', to: 'CONFIRMED' },
      now(),
    );
    expect(getOrderItem(r.read, it0.id)?.status).toBe('PAUSE');
  });

  it("keeps printers, their reported states and every terminal's ticketed items; its own printing is not told again", () => {
    const r = replica();
    const self = '11111111-1111-4111-8111-111111111111';
    const other = '22222222-2222-4222-8222-222222222222';
    setIdentity(r.write, self, VENUE.id);
    const t = table();
    const o = order(t.id, (id) => [item(id, { status: 'SENT_TO_KITCHEN' }), item(id, { status: 'SENT_TO_KITCHEN' })]);
    const [first, second] = o.items as [OrderItem, OrderItem];
    const mine = printer(self);
    const theirs = printer(other, { id: '33333333-3333-4333-8333-333333333333', name: 'Bar Printer' });
    applySnapshot(
      r.write,
      snapshot({
        seq: 1,
        tables: [t],
        orders: [o],
        printers: [mine, theirs],
        ticketed: [{ itemId: first.id, orderId: o.id, station: 'Grill' }],
      }),
      now(),
    );
    expect(ticketedAmong(r.read, [first.id, second.id])).toEqual(new Set([first.id]));

    const job = {
      id: '44444444-4444-4444-8444-444444444444',
      printerId: theirs.id,
      printerName: theirs.name,
      type: 'kitchen_ticket',
      status: 'PENDING',
      data: '{}',
      attempts: 0,
      reprint: false,
      error: null,
      createdAt: now().toISOString(),
      updatedAt: now().toISOString(),
    };
    const ticketedElsewhere = {
      ...envelope(2),
      type: 'print.job.updated',
      job,
      terminalId: other,
      ticketed: [{ itemId: second.id, orderId: o.id, station: 'Grill' }],
    };
    const applied = applyEvent(r.write, ticketedElsewhere, now());
    expect(applied).toMatchObject({ kind: 'applied', event: { type: 'print.job.updated' } });
    expect(ticketedAmong(r.read, [second.id])).toEqual(new Set([second.id]));

    const theirState = { ...envelope(3), type: 'printer.status', printerId: theirs.id, status: 'PAPER_OUT' };
    expect(applyEvent(r.write, theirState, now())).toMatchObject({ kind: 'applied', event: { status: 'PAPER_OUT' } });
    expect(listPrinters(r.read).find((p) => p.id === theirs.id)?.status).toBe('PAPER_OUT');

    // This terminal's own reports coming back: stored, but the local staff app heard them first.
    const ownState = { ...envelope(4), type: 'printer.status', printerId: mine.id, status: 'COVER_OPEN' };
    expect(applyEvent(r.write, ownState, now())).toEqual({ kind: 'applied', event: null });
    const ownJob = { ...ticketedElsewhere, ...envelope(5), terminalId: self, ticketed: [] };
    expect(applyEvent(r.write, ownJob, now())).toEqual({ kind: 'applied', event: null });
    // That one of its jobs printed only makes the lists stale: the staff app hears it.
    const ownCompleted = { ...envelope(6), type: 'print.completed', job, terminalId: self };
    expect(applyEvent(r.write, ownCompleted, now())).toMatchObject({ event: { type: 'print.completed' } });

    const moved = { ...envelope(7), type: 'printer.updated', printer: { ...theirs, terminalId: self } };
    expect(applyEvent(r.write, moved, now()).kind).toBe('applied');
    expect(listPrinters(r.read).find((p) => p.id === theirs.id)?.terminalId).toBe(self);

    // Removed by a manager: the replica forgets it, and the staff app hears of it.
    const removed = { ...envelope(8), type: 'printer.removed', printerId: theirs.id };
    expect(applyEvent(r.write, removed, now())).toMatchObject({ kind: 'applied', event: { type: 'printer.removed' } });
    expect(listPrinters(r.read).map((p) => p.id)).toEqual([mine.id]);
  });
});

describe('a staff member whose access changed in the cloud (issue 24)', () => {
  it('is forgotten here: no cached sign-in to open the terminal offline, no local session left', async () => {
    const { createSession, putUser, findUserByEmail, sessionUser } = await import(
      '../sqlite/repositories/local-auth.js'
    );
    const r = replica();
    applySnapshot(r.write, snapshot({ seq: 10 }), now());
    const id = '00000000-0000-4000-8000-00000000c1ea';
    const user = { id, email: 'cleaner@venue.test', firstName: null, lastName: null };
    const me = {
      user,
      principal: { user, organizationId: VENUE.id, venueId: VENUE.id, role: 'STAFF', permissions: [], duty: 'CLEANER' },
    };
    putUser(r.write, { id, email: user.email, passwordHash: 'hash', venueId: VENUE.id, me }, now().toISOString());
    createSession(r.write, 'session-1', id, '2026-06-15T00:00:00.000Z', now().toISOString());
    expect(sessionUser(r.read, 'session-1', now())).toBeTruthy();

    const outcome = applyEvent(r.write, { ...envelope(11), type: 'staff.access.changed', userId: id }, now());
    expect(outcome).toMatchObject({ kind: 'applied', event: { type: 'staff.access.changed', userId: id } });
    expect(findUserByEmail(r.read, user.email)).toBeNull();
    expect(sessionUser(r.read, 'session-1', now())).toBeFalsy();
  });
});

describe("the venue's settings (issue 24)", () => {
  it('venue.updated gives the replica the tax rate and currency its orders and bills use', () => {
    const r = replica();
    applySnapshot(r.write, snapshot({ seq: 10 }), now());
    expect(getVenue(r.read)).toMatchObject({ taxRateBps: 875, currency: 'USD' });
    const venue = { ...VENUE, taxRateBps: 1000, serviceChargeBps: 500, currency: 'EUR' };
    expect(applyEvent(r.write, { ...envelope(11), type: 'venue.updated', venue }, now()).kind).toBe('applied');
    expect(getVenue(r.read)).toEqual(venue);
  });
});

describe("a guest's data erased on request (issue 24)", () => {
  it("guest.data.erased overwrites the replica's copies of the guest's waitlist entry", () => {
    const r = replica();
    const entry = {
      id: '7c0c9f50-3d6b-4d7e-9a43-0b7a4c1f2e01',
      venueId: VENUE.id,
      guestName: 'Erin Erase',
      phone: '+1 555 010 2030',
      email: 'erin@example.test',
      partySize: 2,
      quotedMinWait: 10,
      quotedMaxWait: 20,
      position: 1,
      status: 'WAITING' as const,
      needsAccessibility: false,
      needsHighChair: false,
      occasion: null,
      notifiedAt: null,
      seatedAt: null,
      createdAt: now().toISOString(),
      sessionId: null,
      readyTableId: null,
    };
    applySnapshot(r.write, snapshot({ seq: 10, waitlist: [entry] }), now());
    expect(getWaitlistEntry(r.read, entry.id)?.guestName).toBe('Erin Erase');
    const erased = { ...entry, guestName: 'Erased guest', phone: null, email: null };
    const event = { ...envelope(11), type: 'guest.data.erased', sessions: [], waitlist: [erased], reservations: [] };
    expect(applyEvent(r.write, event, now()).kind).toBe('applied');
    expect(getWaitlistEntry(r.read, entry.id)).toMatchObject({ guestName: 'Erased guest', phone: null, email: null });
  });
});
