// A terminal whose credential the cloud revokes says so in plain words, instead of looking merely
// offline while its changes wait forever.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { type Harness, loginAs, pairTerminal, startHarness } from '../../../../cloud/src/testkit/harness.js';
import { type CoreOnCloud, startCoreOn, untilOnline } from '../test/core-on-cloud.js';

let harness: Harness;
let terminal: CoreOnCloud;
let terminalId: string;

beforeAll(async () => {
  harness = await startHarness();
  const paired = await pairTerminal(harness.cloud.url, harness.fixture.a.managerEmail, 'Bar PC');
  terminalId = paired.id;
  terminal = await startCoreOn(harness.cloud.url, paired.credential);
  await untilOnline(terminal.core);
});

afterAll(async () => {
  await terminal?.close();
  await harness?.close();
});

it('reports unpaired once the cloud revokes its credential', async () => {
  expect(terminal.core.status()).toMatchObject({ online: true, paired: true });
  const manager = await loginAs(harness.cloud.url, harness.fixture.a.managerEmail);
  expect((await manager.delete(`/api/terminals/${terminalId}`)).status).toBe(200);
  await expect.poll(() => terminal.core.status(), { timeout: 15_000 }).toMatchObject({ online: false, paired: false });
});
