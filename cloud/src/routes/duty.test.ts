// Duties enforced on the server (docs/roles.md, "Calls by duty"). The cases come from the doc's
// table, parsed here: every staff call as every duty, refused with 'Not part of your role' exactly
// where the table says no, and never refused for duty where it says yes.
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { ALL_CALLS, dutyCallsTable, MESSAGES, STAFF_DUTIES } from '@tablewise/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Client, type Harness, loginAs, startHarness } from '../testkit/harness.js';

const doc = readFileSync(resolve(import.meta.dirname, '../../../docs/roles.md'), 'utf8');
const section = doc.slice(doc.indexOf('<!-- duty-calls:start -->'), doc.indexOf('<!-- duty-calls:end -->'));

/** The doc's rows: a call and, per duty in the header's order, whether it may make it. */
function parseTable(text: string) {
  const lines = text.split('\n').filter((l) => l.startsWith('|'));
  const duties = (lines[0] ?? '')
    .split('|')
    .map((c) => c.trim())
    .filter(Boolean)
    .slice(1);
  return lines.slice(2).map((line) => {
    const cells = line
      .split('|')
      .map((c) => c.trim())
      .filter(Boolean);
    const [method, path] = (cells[0] ?? '').replaceAll('`', '').split(' ') as [string, string];
    return { method, path, allowed: Object.fromEntries(duties.map((d, i) => [d, cells[i + 1] === 'yes'])) };
  });
}

const rows = parseTable(section);

let h: Harness;
const asDuty = new Map<string, Client>();
beforeAll(async () => {
  h = await startHarness();
  const hash = (await h.database.db('users').where({ email: h.fixture.a.staffEmail }).first()).password_hash;
  for (const duty of STAFF_DUTIES) {
    const id = randomUUID();
    const email = `${duty.toLowerCase()}@duty.test`;
    await h.database.db('users').insert({ id, email, password_hash: hash });
    await h.database.db('user_roles').insert({
      id: randomUUID(),
      user_id: id,
      organization_id: h.fixture.a.orgId,
      venue_id: h.fixture.a.venueId,
      role: 'STAFF',
      permissions: [],
      duty,
    });
    asDuty.set(duty, await loginAs(h.cloud.url, email));
  }
});
afterAll(async () => {
  await h?.close();
});

describe('calls by duty (docs/roles.md)', () => {
  it('the doc states the table the code enforces', () => {
    expect(section.trim().split('\n').slice(1).join('\n')).toBe(dutyCallsTable(ALL_CALLS));
    expect(rows.length).toBeGreaterThan(40);
  });

  it('a cleaner cannot take a payment or place an order; a kitchen screen cannot read payments', () => {
    const row = (method: string, path: string) => rows.find((r) => r.method === method && r.path === path);
    expect(row('POST', '/api/payments/take')?.allowed.CLEANER).toBe(false);
    expect(row('POST', '/api/orders')?.allowed.CLEANER).toBe(false);
    expect(row('GET', '/api/orders/payments')?.allowed.KITCHEN).toBe(false);
    expect(row('GET', '/api/payments')?.allowed.KITCHEN).toBe(false);
  });

  it('refuses every call where the table says no, and no call where it says yes, on the cloud', async () => {
    const wrong: string[] = [];
    const onCloud = rows.filter((r) =>
      ALL_CALLS.find((c) => c.id === `${r.method} ${r.path}`)?.tiers.includes('cloud'),
    );
    expect(onCloud.length).toBeGreaterThan(30);
    // Each duty on its own sign-in, side by side; a duty's calls one after another.
    await Promise.all(
      STAFF_DUTIES.map(async (duty) => {
        const client = asDuty.get(duty) as Client;
        for (const { method, path, allowed } of onCloud) {
          const url = path.replace(/:(\w+)/g, () => randomUUID());
          const reply = await client.request(method, url, method === 'GET' ? {} : { body: {} });
          const refusedForDuty = reply.status === 403 && reply.body?.message === MESSAGES.notYourDuty;
          if (refusedForDuty === allowed[duty]) wrong.push(`${duty} ${method} ${path}: ${reply.status}`);
        }
      }),
    );
    expect(wrong).toEqual([]);
  });

  it('a cleaner who tries to take a payment changes nothing', async () => {
    const before = await h.database.db('payments').count({ n: '*' }).first();
    const reply = await (asDuty.get('CLEANER') as Client).post('/api/payments/take', {
      sessionId: randomUUID(),
      amount: '10.00',
      method: 'CASH',
    });
    expect(reply.status).toBe(403);
    expect(await h.database.db('payments').count({ n: '*' }).first()).toEqual(before);
  });
});
