// The host's waitlist while the cloud is away: parties added and moved on the terminal show at once
// from its replica, go through the outbox, and reach the cloud once each when it returns; a change
// the cloud refuses is named to staff, and the replica takes the cloud's queue again.
import { randomUUID } from 'node:crypto';
import { MESSAGES, type WaitlistEntry } from '@tablewise/shared';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { RunningCloud } from '../../../../cloud/src/server.js';
import { type Client, type Harness, loginAs } from '../../../../cloud/src/testkit/harness.js';
import { type CoreOnCloud, startHostStand } from '../test/core-on-cloud.js';

let harness: Harness;
let terminal: CoreOnCloud;
let back: RunningCloud | null = null;
let tab: Client;

beforeAll(async () => {
  ({ harness, terminal, tab } = await startHostStand());
});

afterAll(async () => {
  await terminal?.close();
  await back?.close();
  await harness?.close();
});

const queueOn = async (client: Client) => (await client.get('/api/waitlist')).body as WaitlistEntry[];
const rowsNamed = (name: string) => harness.database.db('waitlist').where({ guest_name: name });

it('adds and moves parties offline, and each reaches the cloud once when it returns', async () => {
  await harness.cloud.close();
  await expect.poll(() => terminal.core.status().online, { timeout: 10_000 }).toBe(false);

  const lin = await tab.post('/api/waitlist', { guestName: 'Lin', phone: '555 0101', partySize: 2 });
  expect(lin.status).toBe(201);
  expect(lin.body).toMatchObject({ guestName: 'Lin', status: 'WAITING', quotedMinWait: 15, quotedMaxWait: 25 });
  const adeId = randomUUID();
  const ade = await tab.post('/api/waitlist', { id: adeId, guestName: 'Ade', partySize: 4 });
  expect(ade.body).toMatchObject({ quotedMinWait: 20, quotedMaxWait: 30 });
  // The same party sent again (a double tap) is added once.
  expect((await tab.post('/api/waitlist', { id: adeId, guestName: 'Ade', partySize: 4 })).body).toEqual(ade.body);
  const kim = await tab.post('/api/waitlist', { guestName: 'Kim', partySize: 6 });
  expect(
    (await tab.request('PATCH', `/api/waitlist/${ade.body.id}/status`, { body: { status: 'NOTIFIED' } })).status,
  ).toBe(200);
  expect(
    (await tab.request('PATCH', `/api/waitlist/${kim.body.id}/status`, { body: { status: 'CANCELLED' } })).status,
  ).toBe(200);
  // Refused here as the cloud would refuse it.
  const twice = await tab.request('PATCH', `/api/waitlist/${kim.body.id}/status`, { body: { status: 'SEATED' } });
  expect(twice.status).toBe(409);
  expect(twice.body.message).toBe(MESSAGES.waitlistTransitionRefused('CANCELLED', 'SEATED'));
  expect((await queueOn(tab)).map((e) => `${e.guestName}:${e.status}`)).toEqual(['Lin:WAITING', 'Ade:NOTIFIED']);
  expect(terminal.core.status().outbox.pending).toBe(5);

  back = await harness.startAnother();
  await expect.poll(() => terminal.core.status().outbox.pending, { timeout: 20_000 }).toBe(0);
  for (const [name, status] of [
    ['Lin', 'WAITING'],
    ['Ade', 'NOTIFIED'],
    ['Kim', 'CANCELLED'],
  ] as const) {
    const rows = await rowsNamed(name);
    expect(rows.map((r) => r.status)).toEqual([status]);
  }
  expect((await rowsNamed('Lin'))[0]).toMatchObject({ phone: '555 0101', quoted_min_wait: 15, quoted_max_wait: 25 });
  // Both tiers answer the same queue.
  const onCloud = await loginAs(back.url, harness.fixture.a.staffEmail);
  await expect
    .poll(async () => JSON.stringify(await queueOn(tab)), { timeout: 10_000 })
    .toBe(JSON.stringify(await queueOn(onCloud)));
});

it('names a change the cloud refused and shows the cloud’s queue again', async () => {
  const [lin] = await queueOn(tab);
  await (back as RunningCloud).close();
  await expect.poll(() => terminal.core.status().online, { timeout: 10_000 }).toBe(false);
  // Meanwhile another host removed Lin on the cloud: the terminal's notify will be refused.
  await harness.database.db('waitlist').where({ id: lin?.id }).update({ status: 'CANCELLED' });
  expect((await tab.request('PATCH', `/api/waitlist/${lin?.id}/status`, { body: { status: 'NOTIFIED' } })).status).toBe(
    200,
  );
  expect((await queueOn(tab))[0]).toMatchObject({ guestName: 'Lin', status: 'NOTIFIED' });

  back = await harness.startAnother();
  await expect.poll(() => terminal.core.status().outbox.rejected.length, { timeout: 20_000 }).toBe(1);
  const [refused] = terminal.core.status().outbox.rejected;
  expect(refused?.subject).toBe('Lin, party of 2');
  expect(refused?.message).toBe(MESSAGES.waitlistTransitionRefused('CANCELLED', 'NOTIFIED'));
  await expect.poll(async () => (await queueOn(tab)).map((e) => e.guestName), { timeout: 10_000 }).toEqual(['Ade']);
  expect((await tab.get(`/api/waitlist/${lin?.id}`)).body).toMatchObject({ status: 'CANCELLED' });
});
