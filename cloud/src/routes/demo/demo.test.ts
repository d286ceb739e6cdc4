// POST /api/demo/populate against a real cloud (issue 23, spec 2 section 2.1): refused at a live
// venue with the shared message and nothing changed; at a QA venue it adds the demo floor, menu
// and line with their events (what screens and terminals' replicas follow), answers the counts, and
// a second press adds nothing; a party that left the line comes back on the next press.
import { MESSAGES } from '@tablewise/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_MENU, DEMO_TABLES, DEMO_WAITLIST } from '../../db/seed/demo-data.js';
import { type Client, type Harness, loginAs, startHarness } from '../../testkit/harness.js';

let h: Harness;
let manager: Client;
beforeAll(async () => {
  h = await startHarness();
  manager = await loginAs(h.cloud.url, h.fixture.a.managerEmail);
});
afterAll(async () => {
  await h?.close();
});

const db = () => h.database.db;
const countOf = async (table: string, venueId: string) =>
  Number((await db()(table).where({ venue_id: venueId }).count<{ count: string }>('id as count').first())?.count);
const snapshot = async (venueId: string) => ({
  tables: await countOf('tables', venueId),
  menuItems: await countOf('menu_items', venueId),
  waitlist: await countOf('waitlist', venueId),
  events: await countOf('events', venueId),
});

describe('POST /api/demo/populate', () => {
  it('is refused at a live venue, with the shared message, and changes nothing', async () => {
    const before = await snapshot(h.fixture.a.venueId);
    const reply = await manager.post('/api/demo/populate', {});
    expect(reply.status).toBe(403);
    expect(reply.body).toEqual({ message: MESSAGES.demoPopulateRefused, id: 'forbidden' });
    expect(await snapshot(h.fixture.a.venueId)).toEqual(before);
  });

  it('needs MANAGE_SETTINGS, even at a QA venue', async () => {
    await db()('venues')
      .where({ id: h.fixture.a.venueId })
      .update({ flags_json: JSON.stringify({ qa: true }) });
    const staff = await loginAs(h.cloud.url, h.fixture.a.staffEmail);
    const before = await snapshot(h.fixture.a.venueId);
    expect((await staff.post('/api/demo/populate', {})).status).toBe(403);
    expect(await snapshot(h.fixture.a.venueId)).toEqual(before);
  });

  it('fills a QA venue once: the counts, the events, and a second press that adds nothing', async () => {
    const venueId = h.fixture.a.venueId;
    const before = await snapshot(venueId);
    const lastSeq = Number((await db()('venues').where({ id: venueId }).first('event_seq')).event_seq);
    const first = await manager.post('/api/demo/populate', {});
    expect(first.status).toBe(200);
    // The fixture's tables 1 to 3 keep their numbers; the rest of the demo floor is added.
    const newTables = DEMO_TABLES.filter((t) => !['1', '2', '3'].includes(t.number)).length;
    expect(first.body).toEqual({
      tables: before.tables + newTables,
      menuItems: before.menuItems + DEMO_MENU.length,
      waitlistEntries: DEMO_WAITLIST.length,
      added: { tables: newTables, menuItems: DEMO_MENU.length, waitlistEntries: DEMO_WAITLIST.length },
    });
    const events = await db()('events').where({ venue_id: venueId }).andWhere('seq', '>', lastSeq).select('type');
    const byType = (type: string) => events.filter((e) => e.type === type).length;
    expect(byType('table.state.changed')).toBe(newTables);
    expect(byType('menu.item.updated')).toBe(DEMO_MENU.length);
    expect(byType('waitlist.updated')).toBe(DEMO_WAITLIST.length);
    // Every screen reads the new floor, menu and line.
    expect((await manager.get('/api/tables')).body).toHaveLength(before.tables + newTables);
    const waitlist = (await manager.get('/api/waitlist')).body as { id: string; guestName: string }[];
    expect(waitlist.map((w) => w.guestName)).toEqual(DEMO_WAITLIST.map((w) => w.guestName));

    const after = await snapshot(venueId);
    const second = await manager.post('/api/demo/populate', {});
    expect(second.status).toBe(200);
    expect(second.body).toEqual({ ...first.body, added: { tables: 0, menuItems: 0, waitlistEntries: 0 } });
    expect(await snapshot(venueId)).toEqual(after);

    // A party seated or removed leaves the line; the next press puts a sample party back.
    const removed = waitlist[0] as { id: string };
    expect(
      (await manager.request('PATCH', `/api/waitlist/${removed.id}/status`, { body: { status: 'CANCELLED' } })).status,
    ).toBe(200);
    const third = await manager.post('/api/demo/populate', {});
    expect(third.body).toMatchObject({
      waitlistEntries: DEMO_WAITLIST.length,
      added: { tables: 0, menuItems: 0, waitlistEntries: 1 },
    });
  });

  it("at another organization's venue stays refused: the flag is the venue's own", async () => {
    const other = await loginAs(h.cloud.url, h.fixture.b.managerEmail);
    const before = await snapshot(h.fixture.b.venueId);
    expect((await other.post('/api/demo/populate', {})).status).toBe(403);
    expect(await snapshot(h.fixture.b.venueId)).toEqual(before);
  });
});
