// Staff with the RUNNER duty are the venue's runners (issue 22, item 7), on real PostgreSQL: the
// duty given on a role makes the runner, once, named by the staff member, and the list says which
// staff member each runner is so the runner interface chooses the signed-in one.
import { randomUUID } from 'node:crypto';
import { Runner } from '@tablewise/shared';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { z } from 'zod';
import { type Harness, loginAs, startHarness } from '../../testkit/harness.js';

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(async () => {
  await h?.close();
});

it('lists a staff member given the RUNNER duty as an available runner, once, with her user id', async () => {
  const a = h.fixture.a;
  const staffUser = await h.database.db('users').where({ email: a.staffEmail }).first('id');
  const runners = async () => {
    const client = await loginAs(h.cloud.url, a.staffEmail);
    const reply = await client.get('/api/runners');
    expect(reply.status).toBe(200);
    return z.array(Runner).parse(reply.body);
  };
  expect(await runners()).toEqual([]);

  await h.database.db('user_roles').where({ user_id: staffUser.id, venue_id: a.venueId }).update({ duty: 'RUNNER' });
  const [sam] = await runners();
  expect(sam).toMatchObject({ userId: staffUser.id, name: 'Sam Staff', status: 'available', currentZone: null });

  // Given again, or given at the venue by a second role row: still one runner.
  await h.database.db('user_roles').where({ user_id: staffUser.id, venue_id: a.venueId }).update({ duty: 'RUNNER' });
  await h.database.db('user_roles').insert({
    id: randomUUID(),
    user_id: staffUser.id,
    organization_id: a.orgId,
    venue_id: a.venueId,
    role: 'STAFF',
    duty: 'RUNNER',
  });
  expect(await runners()).toEqual([sam]);

  // Another duty makes no runner; the other venue's runner is not listed here.
  const cook = randomUUID();
  await h.database.db('users').insert({ id: cook, email: 'cook@a.test', first_name: 'Kim', last_name: 'Cook' });
  await h.database.db('user_roles').insert([
    { id: randomUUID(), user_id: cook, organization_id: a.orgId, venue_id: a.venueId, role: 'STAFF', duty: 'KITCHEN' },
    {
      id: randomUUID(),
      user_id: cook,
      organization_id: a.orgId,
      venue_id: a.otherVenueId,
      role: 'STAFF',
      duty: 'RUNNER',
    },
  ]);
  expect(await runners()).toEqual([sam]);
  expect(await h.database.db('runners').where({ user_id: cook }).pluck('venue_id')).toEqual([a.otherVenueId]);
});
