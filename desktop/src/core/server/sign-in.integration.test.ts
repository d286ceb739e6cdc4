// Staff sign-in on a terminal while the cloud throttles sign-ins: the terminal falls back to its
// offline check (issue 27) and keeps the offline copy of a password the cloud never said was wrong.
// A member whose roles cover several venues signs in at the terminal's own.
import { MESSAGES, VENUE_HEADER } from '@tablewise/shared';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { PASSWORD } from '../../../../cloud/src/testkit/fixture.js';
import { Client, type Harness, loginAs, pairTerminal, startHarness } from '../../../../cloud/src/testkit/harness.js';
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

it('signs the right password in offline when the cloud throttles, and answers any other as the throttle', async () => {
  const email = harness.fixture.a.staffEmail;
  const tab = new Client(core.url);
  expect((await tab.post('/api/auth/login', { email, password: PASSWORD })).status).toBe(200);
  expect(findUserByEmail(core.replica.read, email)).not.toBeNull();

  expect((await tab.post('/api/auth/login', { email, password: 'wrong' })).status).toBe(401);
  // Nine more wrong guesses from the terminal's address, counted as the cloud counts them.
  await harness.database.db('login_throttles').where({ email }).update({ attempts: 10 });
  // The cloud holds this terminal's address back for the account; the terminal checks offline.
  const wrong = await tab.post('/api/auth/login', { email, password: 'wrong' });
  expect(wrong).toMatchObject({
    status: 429,
    body: { message: MESSAGES.tooManySignInAttempts, id: 'too_many_attempts' },
  });
  const right = await tab.post('/api/auth/login', { email, password: PASSWORD });
  expect(right.status).toBe(200);
  expect(right.body.user.email).toBe(email);
  expect((await tab.get('/api/auth/me')).status).toBe(200);
  expect(findUserByEmail(core.replica.read, email)).not.toBeNull();
});

it('tells the sign-in page only that it is a terminal, and a signed-in member its status (issue 22)', async () => {
  const tab = new Client(core.url);
  // Before sign-in: no 401 on the page, and nothing of the cloud, the venue or the outbox.
  expect(await tab.get('/api/terminal/status')).toMatchObject({ status: 200, body: { terminal: true } });
  expect(Object.keys((await tab.get('/api/terminal/status')).body)).toEqual(['terminal']);
  expect(
    (await tab.post('/api/auth/login', { email: harness.fixture.a.managerEmail, password: PASSWORD })).status,
  ).toBe(200);
  const status = await tab.get('/api/terminal/status');
  expect(status.status).toBe(200);
  expect(status.body).toMatchObject({ paired: true, venueId: expect.any(String) });
  expect(status.body.terminal).toBeUndefined();
});

it("signs a member in at the terminal's own venue when their roles cover several, and still refuses one whose roles do not cover it", async () => {
  const { otherVenueId, managerEmail, staffEmail } = harness.fixture.a;
  const manager = await loginAs(harness.cloud.url, managerEmail);
  const paired = await manager.post(
    '/api/terminals',
    { name: 'Uptown host stand' },
    { headers: { [VENUE_HEADER]: otherVenueId } },
  );
  expect(paired.status).toBe(201);
  const uptown = await startCoreOn(harness.cloud.url, paired.body.credential);
  try {
    await untilOnline(uptown.core);
    const tab = new Client(uptown.core.url);
    // The organization-wide manager's first venue is Downtown: here they work at Uptown.
    const signedIn = await tab.post('/api/auth/login', { email: managerEmail, password: PASSWORD });
    expect(signedIn.status).toBe(200);
    expect(signedIn.body.principal.venueId).toBe(otherVenueId);
    // Downtown's staff member has no role at Uptown (the first test's throttle on them lifted).
    await harness.database.db('login_throttles').where({ email: staffEmail }).delete();
    const refused = await new Client(uptown.core.url).post('/api/auth/login', {
      email: staffEmail,
      password: PASSWORD,
    });
    expect(refused).toMatchObject({ status: 403, body: { message: MESSAGES.staffNotAtThisVenue } });
  } finally {
    await uptown.close();
  }
});
