// Pairing a terminal by a short code (issue 24): a manager makes a code on the cloud for the venue
// the session works at; the terminal sends it back, with no manager's password, and receives its
// credential. Once, within its minutes, a few tries per address; refused codes pair nothing.
import { PAIRING_CODE_TEXTS, PAIRING_CODE_TRIES, PAIRING_CODE_TTL_MINUTES } from '@tablewise/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client, type Harness, loginAs, startHarness } from '../../testkit/harness.js';

let h: Harness;
let manager: Client;
/** The terminal's side: nobody signed in. */
let device: Client;

beforeAll(async () => {
  h = await startHarness();
  manager = await loginAs(h.cloud.url, h.fixture.a.managerEmail);
  device = new Client(h.cloud.url);
});
afterAll(async () => {
  await h?.close();
});

const terminalCount = async () => Number((await h.database.db('terminals').count({ n: '*' }))[0]?.n);

async function makeCode(client: Client, name: string): Promise<string> {
  const reply = await client.post('/api/terminals/pairing-codes', { name });
  expect(reply.status, JSON.stringify(reply.body)).toBe(201);
  return reply.body.code;
}

describe('pairing by a short code', () => {
  let code: string;

  it('makes a code of two groups of four, for 10 minutes, keeping only its hash', async () => {
    const reply = await manager.post('/api/terminals/pairing-codes', { name: 'Bar till' });
    expect(reply.status).toBe(201);
    expect(reply.body.code).toMatch(/^[A-HJ-NP-Z2-9]{4}-[A-HJ-NP-Z2-9]{4}$/);
    expect(reply.body.name).toBe('Bar till');
    const left = Date.parse(reply.body.expiresAt) - h.clock.now().getTime();
    expect(left).toBeLessThanOrEqual(PAIRING_CODE_TTL_MINUTES * 60_000);
    expect(left).toBeGreaterThan(PAIRING_CODE_TTL_MINUTES * 60_000 - 5_000);
    code = reply.body.code;
    const rows = await h.database.db('terminal_pairing_codes').select();
    expect(JSON.stringify(rows)).not.toContain(code.replace('-', ''));
  });

  it("pairs the terminal to the manager's venue with the code as typed, and the credential works", async () => {
    const before = await terminalCount();
    const typed = ` ${code.toLowerCase().replace('-', ' ')} `;
    const reply = await device.post('/api/terminals/pair', { code: typed });
    expect(reply.status, JSON.stringify(reply.body)).toBe(201);
    expect(reply.body.terminal).toMatchObject({ name: 'Bar till', venueId: h.fixture.a.venueId });
    expect(reply.body.credential).toMatch(/^twt_/);
    expect(await terminalCount()).toBe(before + 1);
    const me = await fetch(`${h.cloud.url}/api/terminals/me`, {
      headers: { Authorization: `Terminal ${reply.body.credential}` },
    });
    expect(me.status).toBe(200);
    expect(((await me.json()) as { venue: { id: string } }).venue.id).toBe(h.fixture.a.venueId);
  });

  it('is used once: the same code again pairs nothing', async () => {
    const before = await terminalCount();
    const again = await device.post('/api/terminals/pair', { code });
    expect(again.status).toBe(404);
    expect(again.body.message).toBe(PAIRING_CODE_TEXTS.invalid);
    expect(await terminalCount()).toBe(before);
  });

  it('refuses an expired code, an unknown one and one of the wrong shape, pairing nothing', async () => {
    const expired = await makeCode(manager, 'Old till');
    await h.database
      .db('terminal_pairing_codes')
      .whereNull('used_at')
      .update({ expires_at: new Date(h.clock.now().getTime() - 1000) });
    const before = await terminalCount();
    const late = await device.post('/api/terminals/pair', { code: expired });
    expect(late.status).toBe(404);
    expect(late.body.message).toBe(PAIRING_CODE_TEXTS.invalid);
    const unknown = await device.post('/api/terminals/pair', { code: 'ZZZZ-ZZZZ' });
    expect(unknown.status).toBe(404);
    const shape = await device.post('/api/terminals/pair', { code: 'ABC-0O1I' });
    expect(shape.status).toBe(400);
    expect(shape.body.message).toBe(`Invalid code: ${PAIRING_CODE_TEXTS.wrongShape}`);
    expect(await terminalCount()).toBe(before);
  });

  it('pairs to the venue the session works at (chosen in the header)', async () => {
    const uptown = await loginAs(h.cloud.url, h.fixture.a.managerEmail);
    await uptown.request('PUT', '/api/auth/venue', { body: { venueId: h.fixture.a.otherVenueId } });
    const uptownCode = await makeCode(uptown, 'Uptown till');
    const reply = await device.post('/api/terminals/pair', { code: uptownCode });
    expect(reply.status).toBe(201);
    expect(reply.body.terminal.venueId).toBe(h.fixture.a.otherVenueId);
  });

  it('is made only by a member who manages the settings, and only when signed in', async () => {
    const staff = await loginAs(h.cloud.url, h.fixture.a.staffEmail);
    expect((await staff.post('/api/terminals/pairing-codes', { name: 'Sneaky' })).status).toBe(403);
    expect((await device.post('/api/terminals/pairing-codes', { name: 'Sneaky' })).status).toBe(401);
    const blank = await manager.post('/api/terminals/pairing-codes', { name: '' });
    expect(blank.status).toBe(400);
  });

  it('keeps to the plan: a code used past the paired terminals the plan allows pairs nothing and stays usable', async () => {
    await h.database.db('organizations').where({ id: h.fixture.a.orgId }).update({ plan: 'FREE' });
    const planCode = await makeCode(manager, 'Third till');
    const before = await terminalCount();
    const refused = await device.post('/api/terminals/pair', { code: planCode });
    expect(refused.status).toBe(403);
    expect(refused.body.message).toContain('FREE plan');
    expect(await terminalCount()).toBe(before);
    await h.database.db('organizations').where({ id: h.fixture.a.orgId }).update({ plan: 'ENTERPRISE' });
    expect((await device.post('/api/terminals/pair', { code: planCode })).status).toBe(201);
  });

  it('allows an address a few tries in ten minutes, then refuses even a good code', async () => {
    const good = await makeCode(manager, 'Patient till');
    let status = 0;
    for (let i = 0; i < PAIRING_CODE_TRIES && status !== 429; i++) {
      status = (await device.post('/api/terminals/pair', { code: 'ZZZZ-ZZZZ' })).status;
    }
    expect(status).toBe(429);
    const before = await terminalCount();
    const reply = await device.post('/api/terminals/pair', { code: good });
    expect(reply.status).toBe(429);
    expect(reply.body.message).toBe(PAIRING_CODE_TEXTS.tooManyTries);
    expect(await terminalCount()).toBe(before);
  });
});
