import { afterEach, describe, expect, it } from 'vitest';
import { changeItemStatusLocally } from '../outbox/item-status.js';
import { openReplica } from '../sqlite/replica.js';
import { getMeta } from '../sqlite/repositories/meta.js';
import { getOrderItem, listTables } from '../sqlite/repositories/venue-data.js';
import { item, order, snapshot, table, tempDir, VENUE } from '../test/fixtures.js';
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
});
