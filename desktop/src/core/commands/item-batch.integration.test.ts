// Start All Pending, Mark All Ready and a Recall on a terminal with the cloud away: the batch applies to the
// replica at once, all or none (a refused move rolls back the others, listing each refusal), and
// each move reaches the cloud once, through the outbox, when the cloud is back.
import { BatchRefusal, MESSAGES, OrderItem, SERVICE_MESSAGES } from '@tablewise/shared';
import { afterAll, expect, it } from 'vitest';
import { z } from 'zod';
import type { RunningCloud } from '../../../../cloud/src/server.js';
import type { Client, Harness } from '../../../../cloud/src/testkit/harness.js';
import type { TerminalCore } from '../core.js';
import { cloudAway, drinksOnTerminal } from '../test/drinks-on-terminal.js';

let harness: Harness;
let core: TerminalCore;
let tab: Client;
let items: string[];
let closeCores: () => Promise<void>;
let back: RunningCloud | null = null;

afterAll(async () => {
  await closeCores?.();
  await back?.close();
  await harness?.close();
});

const localStatus = (id: string) =>
  (core.replica.read.sql.prepare('SELECT status FROM order_items WHERE id = ?').get(id) as { status: string }).status;

it('batches offline all or none, and the cloud gets each move once', async () => {
  const terminal = await drinksOnTerminal(3);
  ({ harness, core, tab, items } = terminal);
  closeCores = () => terminal.cores.close();
  await cloudAway(harness, core);
  const [a, b, c] = items as [string, string, string];

  // One refused move (c cannot be readied before it is started) refuses the batch and changes nothing.
  const refused = await tab.post('/api/order-items/batch-update', {
    updates: [
      { id: a, status: 'IN_PREP' },
      { id: c, status: 'READY_FOR_RUN' },
    ],
  });
  expect(refused.status).toBe(409);
  expect(refused.body.message).toBe(SERVICE_MESSAGES.batchUpdateRefused(1, 2));
  expect(z.array(BatchRefusal).parse(refused.body.refusals)).toEqual([
    { id: c, status: 'READY_FOR_RUN', message: MESSAGES.itemTransitionRefused('SENT_TO_KITCHEN', 'READY_FOR_RUN') },
  ]);
  expect(localStatus(a)).toBe('SENT_TO_KITCHEN');
  expect(core.status().outbox.pending).toBe(0);

  // Start All Pending, then Mark All Ready for two of them.
  const startAll = await tab.post('/api/order-items/batch-update', {
    updates: items.map((id) => ({ id, status: 'IN_PREP' })),
  });
  expect(startAll.status).toBe(200);
  expect(
    z
      .array(OrderItem)
      .parse(startAll.body)
      .map((i) => i.status),
  ).toEqual(['IN_PREP', 'IN_PREP', 'IN_PREP']);
  const readied = await tab.post('/api/order-items/batch-update', {
    updates: [
      { id: a, status: 'READY_FOR_RUN' },
      { id: b, status: 'READY_FOR_RUN' },
    ],
  });
  expect(readied.status).toBe(200);
  expect([a, b, c].map(localStatus)).toEqual(['READY_FOR_RUN', 'READY_FOR_RUN', 'IN_PREP']);
  expect(core.status().outbox.pending).toBe(5);

  // Recall of b's bump (issue 22 item 8): it names the state it undoes; a move that does not is refused.
  const late = await tab.post('/api/order-items/batch-update', { updates: [{ id: a, status: 'IN_PREP' }] });
  expect(late.status).toBe(409);
  const recalled = await tab.post('/api/order-items/batch-update', {
    updates: [{ id: b, status: 'IN_PREP', from: 'READY_FOR_RUN' }],
  });
  expect(recalled.status).toBe(200);
  expect([a, b, c].map(localStatus)).toEqual(['READY_FOR_RUN', 'IN_PREP', 'IN_PREP']);
  expect(core.status().outbox.pending).toBe(6);

  back = await harness.startAnother();
  await expect.poll(() => core.status().outbox.pending, { timeout: 20_000 }).toBe(0);
  const rows = await harness.database.db('order_items').whereIn('id', items);
  const byId = new Map(rows.map((r) => [r.id, r.status]));
  expect([a, b, c].map((id) => byId.get(id))).toEqual(['READY_FOR_RUN', 'IN_PREP', 'IN_PREP']);
  // Each move once: six status events for these items (the recall one of them), no more.
  const events = await harness.database
    .db('events')
    .where({ type: 'order.item.status.changed' })
    .whereRaw(`payload_json->'item'->>'id' = any(?)`, [items]);
  expect(events).toHaveLength(6);
  expect(core.status().outbox.rejected).toEqual([]);
});
