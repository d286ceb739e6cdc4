// Staff sign-in on a terminal while the cloud throttles sign-ins: the terminal passes the
// throttle on and keeps the offline copy of a password the cloud never said was wrong.
import { MESSAGES } from '@tablewise/shared';
import { afterAll, beforeAll, expect, it, vi } from 'vitest';
import { PASSWORD } from '../../../../cloud/src/testkit/fixture.js';
import { Client, type Harness, pairTerminal, startHarness } from '../../../../cloud/src/testkit/harness.js';
import { startTerminalCore, type TerminalCore } from '../core.js';
import { findUserByEmail } from '../sqlite/repositories/local-auth.js';
import { tempDir } from '../test/fixtures.js';

let harness: Harness;
let core: TerminalCore;
let dir: { dir: string; remove(): void };

beforeAll(async () => {
  harness = await startHarness();
  const paired = await pairTerminal(harness.cloud.url, harness.fixture.a.managerEmail, 'Host stand');
  dir = tempDir();
  core = await startTerminalCore({
    cloudUrl: harness.cloud.url,
    credential: paired.credential,
    dataDir: dir.dir,
    port: 0,
    printing: false,
    backoff: { baseMs: 50, maxMs: 300 },
  });
  await vi.waitFor(() => expect(core.status().online).toBe(true), { timeout: 15_000, interval: 50 });
});

afterAll(async () => {
  await core?.close();
  await harness?.close();
  dir?.remove();
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
