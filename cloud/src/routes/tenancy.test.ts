// Tenancy from the whole contract (issue 24, item 6): two organizations (the fixture's), and every
// call of ALL_CALLS the cloud serves to staff and that names something by id, made by the first
// organization's manager with the second's ids. Each must answer 404 or 403, and nothing of the
// second organization may change. The cases come from the call list: a new call with an id joins
// by itself. An id no row of the second organization fills (a kind the fixture does not make) is a
// fresh one, which the call must not find either. A call whose body cannot be empty is refused for
// its input (400) before it looks anything up; those are counted apart, and the test says so.
import { randomUUID } from 'node:crypto';
import { ALL_CALLS, type Call, type CallSpec } from '@tablewise/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertPrinter } from '../testkit/fixture.js';
import { type Client, checkInGuest, type Harness, loginAs, pairTerminal, startHarness } from '../testkit/harness.js';

let h: Harness;
let alpha: Client;
/** The second organization's ids, by the path they appear under. */
const betaIds: { prefix: string; id: string }[] = [];

beforeAll(async () => {
  h = await startHarness();
  const { b } = h.fixture;
  const beta = await loginAs(h.cloud.url, b.managerEmail);
  const waitlist = await beta.post('/api/waitlist', { guestName: 'Bea', partySize: 2 });
  const terminal = await pairTerminal(h.cloud.url, b.managerEmail, 'Beta PC');
  const printerId = await insertPrinter(h.database.db, b, { name: 'Beta Kitchen', station: 'Kitchen' });
  const { sessionId } = await checkInGuest(h.cloud.url, beta, b.tableIds[1] as string);
  const invitation = await beta.post('/api/invitations', { email: 'new@beta.test', role: 'STAFF' });
  const membership = await h.database.db('user_roles').where({ organization_id: b.orgId }).first('id');
  const { times } = (await beta.get('/api/reservations/bookable-times')).body as { times: { value: string }[] };
  const booking = await beta.post('/api/reservations', {
    guestContact: { name: 'Bea' },
    slotStart: times.at(-1)?.value,
    partySize: 2,
  });
  betaIds.push(
    { prefix: '/api/tables/', id: b.tableIds[0] as string },
    { prefix: '/api/menu/', id: b.menu.burger },
    { prefix: '/api/waitlist/', id: waitlist.body.id },
    { prefix: '/api/terminals/', id: terminal.id },
    { prefix: '/api/printers/', id: printerId },
    { prefix: '/api/orders/payment/', id: sessionId },
    { prefix: '/api/invitations/', id: invitation.body.id },
    { prefix: '/api/staff/', id: membership.id },
    { prefix: '/api/reservations/', id: booking.body.id },
  );
  alpha = await loginAs(h.cloud.url, h.fixture.a.managerEmail);
}, 60_000);
afterAll(async () => {
  await h?.close();
});

/** Every row the second organization holds, as text: compared before and after. */
async function betaRows(): Promise<string> {
  const { orgId } = h.fixture.b;
  const out: string[] = [];
  for (const table of [
    'tables',
    'menu_items',
    'waitlist',
    'terminals',
    'printers',
    'sessions',
    'orders',
    'tasks',
    'reservations',
  ]) {
    out.push(JSON.stringify(await h.database.db(table).where({ org_id: orgId }).orderBy('id')));
  }
  for (const table of ['user_roles', 'invitations']) {
    out.push(JSON.stringify(await h.database.db(table).where({ organization_id: orgId }).orderBy('id')));
  }
  return out.join('\n');
}

/** The call's path with each param filled by the second organization's id for that kind of thing. */
function withBetaIds(call: Call<CallSpec>): string {
  return call.path.replace(/:(\w+)/g, (_, _name, offset: number) => {
    const before = call.path.slice(0, offset);
    return (
      betaIds.find((b) => before.startsWith(b.prefix) && !before.slice(b.prefix.length).includes('/'))?.id ??
      randomUUID()
    );
  });
}

/** A body that passes a call's input check, for the calls whose body cannot be empty: with it the
 * call gets as far as looking the id up. (The others' ids are judged with an empty body.) */
const BODIES: Record<string, unknown> = {
  'PATCH /api/waitlist/:id/status': { status: 'CANCELLED' },
  'PATCH /api/reservations/:id': { status: 'CANCELLED' },
  'PATCH /api/menu/:id/availability': { isAvailable: false },
  'PATCH /api/orders/:id/priority': { priority: 'HIGH' },
  'POST /api/tables/:id/transition': { state: 'CLEANING' },
  'POST /api/tables/:id/qa-complete': { passed: true },
  'PATCH /api/staff/:id': { duty: 'HOST' },
  'PATCH /api/menu/:id': { name: 'Stolen burger' },
  'PATCH /api/printers/:id': { name: 'Stolen printer' },
  'POST /api/order-items/:id/status': { status: 'IN_PREP' },
  'PUT /api/organizations/:id': { name: 'Stolen group', plan: 'FREE' },
  'PUT /api/restaurants/:id': { name: 'Stolen bistro' },
  'PUT /api/venues/:id': { name: 'Stolen venue' },
  'POST /api/runner/orders/:id/status': { status: 'DELIVERED' },
  'POST /api/orders/:orderId/fire': { course: 'dessert' },
};

const cases = ALL_CALLS.filter(
  (c) => c.tiers.includes('cloud') && c.audience.includes('staff') && c.path.includes(':'),
);

describe('tenancy across every call', () => {
  it('answers 404 or 403 to one organization naming the other’s things, and changes nothing', async () => {
    expect(cases.length).toBeGreaterThan(25);
    const before = await betaRows();
    const leaks: string[] = [];
    const refusedForInput: string[] = [];
    for (const call of cases) {
      const body = BODIES[call.id] ?? {};
      const emptyBodyOk = !call.body || call.body.safeParse(body).success;
      const reply = await alpha.request(call.method, withBetaIds(call), call.method === 'GET' ? {} : { body });
      if (reply.status === 404 || reply.status === 403) continue;
      if (reply.status === 400 && !emptyBodyOk) refusedForInput.push(call.id);
      else leaks.push(`${call.id}: ${reply.status} ${JSON.stringify(reply.body).slice(0, 120)}`);
    }
    expect(leaks).toEqual([]);
    expect(await betaRows()).toBe(before);
    // Most calls are judged on the id itself; the rest need a real body to get that far.
    expect(refusedForInput.length, refusedForInput.join(', ')).toBeLessThan(cases.length / 4);
  });
});
