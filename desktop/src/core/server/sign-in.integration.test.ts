// Staff sign-in on a terminal while the cloud throttles sign-ins: the terminal passes the
// throttle on and keeps the offline copy of a password the cloud never said was wrong.
import { MESSAGES } from '@tablewise/shared';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { PASSWORD } from '../../../../cloud/src/testkit/fixture.js';
import { Client, type Harness, pairTerminal, startHarness } from '../../../../cloud/src/testkit/harness.js';
import type { TerminalCore } from '../core.js';
import { findUserByEmail } from '../sqlite/repositories/local-auth.js';
import { type CoreOnCloud, startCoreOn, untilOnline } from '../test/core-on-cloud.js';

let harness: Harness;
let core: TerminalCore;
let terminal: CoreOnCloud;

beforeAll(async () => {
  harness = await startHarness();
  const paired = await pairTerminal(harness.cloud.url, harness.fixture.a.managerEmail, 'Host stand');
  terminal = await startCoreOn(harness.cloud.url, paired.credential);
  core = terminal.core;
  await untilOnline(core);
});

afterAll(async () => {
  await terminal?.close();
  await harness?.close();
});

it('answers the cloud throttle as a throttle, and keeps the offline copy of the right password', async () => {
  const email = harness.fixture.a.staffEmail;
  const tab = new Client(core.url);
  expect((await tab.post('/api/auth/login', { email, password: PASSWORD })).status).toBe(200);
  expect(findUserByEmail(core.replica.read, email)).not.toBeNull();

  for (let i = 0; i < 10; i++) {
    expect((await tab.post('/api/auth/login', { email, password: 'wrong' })).status).toBe(401);
  }
  const throttled = await tab.post('/api/auth/login', { email, password: PASSWORD });
  expect(throttled).toMatchObject({
    status: 429,
    body: { message: MESSAGES.tooManySignInAttempts, id: 'too_many_attempts' },
  });
  expect(findUserByEmail(core.replica.read, email)).not.toBeNull();
});
