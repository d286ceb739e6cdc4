// The organization's own data (issue 24): its owner exports it as a zip, and a manager erases one
// guest's name, phone and email on request while the money records stay. Refusals, another
// organization's ids and a dry run included. One database for the file.
import { randomUUID } from 'node:crypto';
import { ADMIN_MESSAGES } from '@tablewise/shared';
import { strFromU8, unzipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Client, type Harness, loginAs, startHarness } from '../../testkit/harness.js';

let h: Harness;
let manager: Client;
let staff: Client;
let otherManager: Client;

const ERIN = { name: 'Erin Erase', phone: '+1 (555) 010-2030', email: 'erin@example.test' };

beforeAll(async () => {
  h = await startHarness();
  manager = await loginAs(h.cloud.url, h.fixture.a.managerEmail);
  staff = await loginAs(h.cloud.url, h.fixture.a.staffEmail);
  otherManager = await loginAs(h.cloud.url, h.fixture.b.managerEmail);
});
afterAll(async () => {
  await h?.close();
});

const db = () => h.database.db;

describe("erasing a guest's personal data", () => {
  let erinEntry: string;
  let otherEntry: string;
  let reservationId: string;
  let sessionId: string;

  beforeAll(async () => {
    const erin = await manager.post('/api/waitlist', {
      name: ERIN.name,
      phone: ERIN.phone,
      email: ERIN.email,
      partySize: 2,
    });
    expect(erin.status, JSON.stringify(erin.body)).toBe(201);
    erinEntry = erin.body.id;
    const other = await manager.post('/api/waitlist', { name: 'Olga Other', phone: '555 999 0000', partySize: 3 });
    expect(other.status).toBe(201);
    otherEntry = other.body.id;
    // A booking and a past visit with the same guest, written as other channels write them.
    reservationId = randomUUID();
    const start = new Date(Date.now() + 86_400_000);
    await db()('reservations').insert({
      id: reservationId,
      org_id: h.fixture.a.orgId,
      venue_id: h.fixture.a.venueId,
      guest_contact: JSON.stringify({ name: 'erin erase', phone: '15550102030', email: 'ERIN@example.test' }),
      slot_start: start,
      slot_end: new Date(start.getTime() + 5_400_000),
      party_size: 2,
    });
    sessionId = randomUUID();
    await db()('sessions').insert({
      id: sessionId,
      org_id: h.fixture.a.orgId,
      venue_id: h.fixture.a.venueId,
      party_size: 2,
      guest_name: ERIN.name,
      guest_phone: '1 555 010 2030',
      guest_email: null,
      status: 'CLOSED',
      started_at: new Date(),
      closed_at: new Date(),
    });
  });

  it('refuses a request without a phone or email, and changes nothing', async () => {
    const reply = await manager.post('/api/guest-data/erase', { name: ERIN.name });
    expect(reply.status).toBe(400);
    expect(reply.body.message).toBe(ADMIN_MESSAGES.eraseNeedsContact);
    const entry = await db()('waitlist').where({ id: erinEntry }).first();
    expect(entry.guest_name).toBe(ERIN.name);
  });

  it('is refused to staff without the settings permission', async () => {
    const reply = await staff.post('/api/guest-data/erase', { phone: ERIN.phone });
    expect(reply.status).toBe(403);
    expect((await db()('waitlist').where({ id: erinEntry }).first()).phone).toBe(ERIN.phone);
  });

  it('counts without erasing on a dry run', async () => {
    const reply = await manager.post('/api/guest-data/erase', { phone: ERIN.phone, dryRun: true });
    expect(reply.status, JSON.stringify(reply.body)).toBe(200);
    expect(reply.body).toMatchObject({
      erased: false,
      sessions: 1,
      waitlistEntries: 1,
      reservations: 1,
      requestId: null,
    });
    expect(reply.body.events).toBeGreaterThanOrEqual(1);
    expect((await db()('waitlist').where({ id: erinEntry }).first()).guest_name).toBe(ERIN.name);
  });

  it("another organization's manager finds nobody, and erases nothing of this venue", async () => {
    const reply = await otherManager.post('/api/guest-data/erase', { phone: ERIN.phone, email: ERIN.email });
    expect(reply.status).toBe(200);
    expect(reply.body).toMatchObject({ sessions: 0, waitlistEntries: 0, reservations: 0, events: 0 });
    expect((await db()('waitlist').where({ id: erinEntry }).first()).guest_name).toBe(ERIN.name);
  });

  it('erases the name, phone and email everywhere at the venue, keeps the others, and tells the terminals', async () => {
    const before = Number(
      (await db()('events').where({ venue_id: h.fixture.a.venueId }).max('seq as m').first())?.m ?? 0,
    );
    const reply = await manager.post('/api/guest-data/erase', { phone: ERIN.phone, reason: 'guest asked by mail' });
    expect(reply.status, JSON.stringify(reply.body)).toBe(200);
    expect(reply.body).toMatchObject({ erased: true, sessions: 1, waitlistEntries: 1, reservations: 1 });
    expect(reply.body.requestId).toEqual(expect.any(String));

    const entry = await db()('waitlist').where({ id: erinEntry }).first();
    expect(entry).toMatchObject({
      guest_name: ADMIN_MESSAGES.erasedGuestName,
      phone: null,
      email: null,
      party_size: 2,
    });
    const reservation = await db()('reservations').where({ id: reservationId }).first();
    expect(reservation.guest_contact).toEqual({ name: ADMIN_MESSAGES.erasedGuestName, phone: '', email: '' });
    const session = await db()('sessions').where({ id: sessionId }).first();
    expect(session).toMatchObject({ guest_name: ADMIN_MESSAGES.erasedGuestName, guest_phone: null, guest_email: null });
    // The other party is untouched.
    expect((await db()('waitlist').where({ id: otherEntry }).first()).guest_name).toBe('Olga Other');

    // No event before the erasure still carries the name, phone or email.
    const past = await db()('events').where({ venue_id: h.fixture.a.venueId }).where('seq', '<=', before);
    const text = JSON.stringify(past.map((e) => e.payload_json));
    expect(text).not.toContain(ERIN.name);
    expect(text).not.toContain(ERIN.phone);
    expect(text).not.toContain(ERIN.email);
    expect(text).toContain('Olga Other');

    const erased = await db()('events').where({ venue_id: h.fixture.a.venueId, type: 'guest.data.erased' });
    expect(erased).toHaveLength(1);
    expect(erased[0].payload_json.waitlist.map((w: { id: string }) => w.id)).toEqual([erinEntry]);
    const request = await db()('data_deletion_requests').where({ id: reply.body.requestId }).first();
    expect(request).toMatchObject({
      organization_id: h.fixture.a.orgId,
      status: 'COMPLETED',
      reason: 'guest asked by mail',
    });
    expect(request.executed_at).not.toBeNull();

    // The staff's waitlist shows the erased entry as such.
    const list = await manager.get('/api/waitlist');
    const shown = list.body.find((w: { id: string }) => w.id === erinEntry);
    if (shown) expect(shown.guestName).toBe(ADMIN_MESSAGES.erasedGuestName);
  });
});

describe("exporting the organization's data", () => {
  const download = (client: Client, orgId: string) =>
    fetch(`${h.cloud.url}/api/organizations/${orgId}/export`, { headers: { cookie: client.cookieHeader() } });

  it("is refused to a manager who is not the owner, and another organization's id is not found", async () => {
    const notOwner = await download(manager, h.fixture.a.orgId);
    expect(notOwner.status).toBe(403);
    expect(((await notOwner.json()) as { message: string }).message).toBe(ADMIN_MESSAGES.exportOwnerOnly);
    expect((await download(manager, h.fixture.b.orgId)).status).toBe(404);
    expect((await download(staff, h.fixture.a.orgId)).status).toBe(403);
  });

  it("gives the owner a zip of the organization's records, without secrets or another organization's rows", async () => {
    const managerRow = await db()('users').where({ email: h.fixture.a.managerEmail }).first();
    await db()('user_roles')
      .where({ user_id: managerRow.id, organization_id: h.fixture.a.orgId })
      .update({ role: 'OWNER' });
    const reply = await download(manager, h.fixture.a.orgId);
    expect(reply.status).toBe(200);
    expect(reply.headers.get('content-type')).toBe('application/zip');
    expect(reply.headers.get('content-disposition')).toMatch(
      /^attachment; filename="tablewise-export-\d{4}-\d{2}-\d{2}\.zip"$/,
    );
    const files = unzipSync(new Uint8Array(await reply.arrayBuffer()));
    const text = (name: string) => strFromU8(files[name] ?? new Uint8Array());
    const read = (name: string) => JSON.parse(text(name)) as Record<string, unknown>[];

    const manifest = JSON.parse(text('manifest.json'));
    expect(manifest.organizationId).toBe(h.fixture.a.orgId);
    for (const [file, count] of Object.entries(manifest.files))
      expect(read(`${file}.json`)).toHaveLength(count as number);

    const tables = read('tables.json');
    const ownTables = await db()('tables').where({ org_id: h.fixture.a.orgId });
    expect(tables.map((t) => t.id).sort()).toEqual(ownTables.map((t) => t.id).sort());
    expect(read('organization.json')).toEqual([expect.objectContaining({ id: h.fixture.a.orgId })]);
    expect(read('waitlist.json').length).toBeGreaterThanOrEqual(2);
    expect(read('events.json').length).toBe(
      Number((await db()('events').where({ org_id: h.fixture.a.orgId }).count('* as n').first())?.n),
    );

    const users = read('users.json');
    expect(users.map((u) => u.email)).toEqual(
      expect.arrayContaining([h.fixture.a.managerEmail, h.fixture.a.staffEmail]),
    );
    const everything = Object.values(files)
      .map((bytes) => strFromU8(bytes))
      .join('\n');
    expect(everything).not.toContain('password_hash');
    expect(everything).not.toContain('credential_hash');
    expect(everything).not.toContain(h.fixture.b.orgId);
    expect(everything).not.toContain(h.fixture.b.managerEmail);

    // Recorded as the last bytes leave.
    const recorded = () => db()('data_export_requests').where({ organization_id: h.fixture.a.orgId });
    await expect.poll(async () => (await recorded()).map((r) => r.status)).toEqual(['COMPLETED']);
    expect((await recorded())[0].data_types).toEqual(expect.arrayContaining(['tables', 'events', 'users']));
  });

  it('gives it to the account the organization names as its owner, whatever its role there', async () => {
    const managerRow = await db()('users').where({ email: h.fixture.a.managerEmail }).first();
    await db()('user_roles')
      .where({ user_id: managerRow.id, organization_id: h.fixture.a.orgId })
      .update({ role: 'MANAGER' });
    expect((await download(manager, h.fixture.a.orgId)).status).toBe(403);
    await db()('organizations').where({ id: h.fixture.a.orgId }).update({ owner_user_id: managerRow.id });
    const reply = await download(manager, h.fixture.a.orgId);
    expect(reply.status).toBe(200);
    expect(unzipSync(new Uint8Array(await reply.arrayBuffer()))['manifest.json']).toBeDefined();
  });
});
