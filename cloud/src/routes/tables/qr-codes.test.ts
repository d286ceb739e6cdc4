// The printable QR sheet's call (issue 25): every table of the venue with its signed check-in
// link, in table-number order; each link scans to its own table. Another organization's staff get
// their own tables, and staff without the settings permission are refused.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client, type Harness, loginAs, startHarness } from '../../testkit/harness.js';

let h: Harness;

beforeAll(async () => {
  h = await startHarness();
});
afterAll(async () => {
  await h?.close();
});

describe('GET /api/table-qr-codes', () => {
  it('answers every table of the venue in number order, each link scanning to its table', async () => {
    const manager = await loginAs(h.cloud.url, h.fixture.a.managerEmail);
    const reply = await manager.get('/api/table-qr-codes');
    expect(reply.status).toBe(200);
    const tables = await h.database.db('tables').where({ venue_id: h.fixture.a.venueId });
    expect(reply.body.codes.map((c: { tableId: string }) => c.tableId).sort()).toEqual(tables.map((t) => t.id).sort());
    const numbers = reply.body.codes.map((c: { number: string }) => c.number);
    expect(numbers).toEqual([...numbers].sort((a: string, b: string) => a.localeCompare(b, 'en', { numeric: true })));
    const venue = await h.database.db('venues').where({ id: h.fixture.a.venueId }).first('name', 'tz');
    expect(reply.body).toMatchObject({ venueName: venue.name, timezone: venue.tz });
    for (const code of reply.body.codes.slice(0, 3)) {
      const scan = await new Client(h.cloud.url).post('/api/guest/scan-table', { qrData: code.url });
      expect(scan.status, JSON.stringify(scan.body)).toBe(200);
      expect(scan.body.success).toBe(true);
      expect(scan.body.redirectUrl).toContain(code.tableId);
    }
  });

  it("gives another organization's manager their own tables, and refuses staff without the permission", async () => {
    const beta = await loginAs(h.cloud.url, h.fixture.b.managerEmail);
    const theirs = await beta.get('/api/table-qr-codes');
    expect(theirs.status).toBe(200);
    const alphaIds = new Set((await h.database.db('tables').where({ org_id: h.fixture.a.orgId })).map((t) => t.id));
    expect(theirs.body.codes.length).toBeGreaterThan(0);
    expect(theirs.body.codes.some((c: { tableId: string }) => alphaIds.has(c.tableId))).toBe(false);
    const staff = await loginAs(h.cloud.url, h.fixture.a.staffEmail);
    expect((await staff.get('/api/table-qr-codes')).status).toBe(403);
    expect((await new Client(h.cloud.url).get('/api/table-qr-codes')).status).toBe(401);
  });
});
