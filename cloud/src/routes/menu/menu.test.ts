import { MenuAnswer, TablesAnswer } from '@tablewise/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client, checkInGuest, type Harness, loginAs, pairTerminal, startHarness } from '../../testkit/harness.js';

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(async () => {
  await h?.close();
});

describe('menu and tables', () => {
  it("answers the venue's menu grouped by category, to staff, terminals and guests alike", async () => {
    const staff = await loginAs(h.cloud.url, h.fixture.a.staffEmail);
    const { client: terminal } = await pairTerminal(h.cloud.url, h.fixture.a.managerEmail);
    const { guest } = await checkInGuest(h.cloud.url, staff, h.fixture.a.tableIds[0] as string);
    const answers = await Promise.all([staff, terminal, guest].map((c) => c.get('/api/menu')));
    for (const reply of answers) {
      expect(reply.status).toBe(200);
      expect(reply.body).toEqual(answers[0]?.body);
    }
    const menu = MenuAnswer.parse(answers[0]?.body);
    expect(menu.items.map((i) => i.name).sort()).toEqual([
      'Burger',
      'Cheesecake',
      'Fries',
      'Lemonade',
      'Truffle Pasta',
    ]);
    // Categories come in the menu's own order (its first item's place), not alphabetically.
    expect(Object.keys(menu.groupedByCategory)).toEqual(['Mains', 'Starters', 'Drinks', 'Desserts']);
    expect(menu.groupedByCategory.Mains?.map((i) => i.name)).toEqual(['Burger', 'Truffle Pasta']);
    const burger = menu.items.find((i) => i.name === 'Burger');
    expect(burger).toMatchObject({ price: '12.50', station: 'Grill', isAvailable: true });
    expect(burger?.modifiersSchema[0]?.options.map((o) => o.name)).toEqual(['Rare', 'Well done']);
  });

  it("never shows another organization's items", async () => {
    const beta = await loginAs(h.cloud.url, h.fixture.b.managerEmail);
    const menu = MenuAnswer.parse((await beta.get('/api/menu')).body);
    const alphaIds = new Set(Object.values(h.fixture.a.menu));
    expect(menu.items.some((i) => alphaIds.has(i.id))).toBe(false);
    expect(menu.items).toHaveLength(5);
  });

  it('answers 401 to a caller with no principal', async () => {
    const reply = await new Client(h.cloud.url).get('/api/menu');
    expect(reply.status).toBe(401);
    expect(reply.body).toEqual({ message: 'Authentication required', id: 'unauthorized' });
  });

  it("lists the venue's tables in number order, with filters", async () => {
    const staff = await loginAs(h.cloud.url, h.fixture.a.staffEmail);
    const tables = TablesAnswer.parse((await staff.get('/api/tables')).body);
    expect(tables.map((t) => t.name)).toEqual(['Table 1', 'Table 2', 'Table 3']);
    expect(tables[0]).toMatchObject({ capacityMax: 4, xPosition: 0, zone: 'Dining Room' });
    const available = TablesAnswer.parse((await staff.get('/api/tables?available=1')).body);
    expect(available.map((t) => t.name)).toEqual(['Table 2', 'Table 3']);
    expect(TablesAnswer.parse((await staff.get('/api/tables?capacity=6')).body)).toEqual([]);
    const { guest } = await checkInGuest(h.cloud.url, staff, h.fixture.a.tableIds[2] as string);
    const seenByStaff = TablesAnswer.parse((await staff.get('/api/tables')).body);
    expect(seenByStaff.find((t) => t.name === 'Table 3')?.partyName).toBe('Ada');
    const seenByGuest = TablesAnswer.parse((await guest.get('/api/tables')).body);
    expect(seenByGuest.find((t) => t.name === 'Table 3')).toMatchObject({
      state: 'OCCUPIED',
      partyName: null,
      guestCount: null,
    });
    const bad = await staff.get('/api/tables?capacity=lots');
    expect(bad.status).toBe(400);
    expect(bad.body.message).toContain('capacity');
  });
});
