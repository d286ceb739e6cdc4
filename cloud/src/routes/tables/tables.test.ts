import { AVAILABLE_TABLE_STATES, TablesAnswer } from '@tablewise/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkInGuest, type Harness, loginAs, startHarness } from '../../testkit/harness.js';

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(async () => {
  await h?.close();
});

describe('GET /api/tables?available=1', () => {
  it('lists the tables free for a new party, the states where a guest may check in', async () => {
    const staff = await loginAs(h.cloud.url, h.fixture.a.staffEmail);
    const [first, second, third] = h.fixture.a.tableIds as [string, string, string];
    await h.database.db('tables').where({ id: first }).update({ state: 'RESERVED' });
    await h.database.db('tables').where({ id: second }).update({ state: 'HOLD_SOFT' });
    const available = TablesAnswer.parse((await staff.get('/api/tables?available=1')).body);
    expect(available.map((t) => t.name)).toEqual(['Table 3']);
    expect(available.every((t) => AVAILABLE_TABLE_STATES.includes(t.state))).toBe(true);

    // A table listed as available is one a guest can check in at; once seated it leaves the list.
    const { guest } = await checkInGuest(h.cloud.url, staff, third);
    expect(TablesAnswer.parse((await guest.get('/api/tables?available=1')).body)).toEqual([]);
    expect(TablesAnswer.parse((await staff.get('/api/tables')).body)).toHaveLength(3);
  });
});
