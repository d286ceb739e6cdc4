// The spec's bodies name the tenant (orgId, venueId) and the waitlist's guest as `name` (issue 23):
// the caller's own ids are taken, another organization's or venue's are refused and change nothing.
import { bookableTimes, MESSAGES, reservationSlotEnd } from '@tablewise/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Client, type Harness, loginAs, startHarness } from '../testkit/harness.js';

let h: Harness;
let host: Client;
beforeAll(async () => {
  h = await startHarness();
  host = await loginAs(h.cloud.url, h.fixture.a.staffEmail);
});
afterAll(async () => {
  await h?.close();
});

const count = async (table: string) => Number((await h.database.db(table).count({ n: '*' }))[0]?.n);

function reservation(ids: { orgId: string; venueId: string }) {
  const slot = bookableTimes(h.clock.now(), 'UTC').at(-1)?.value as string;
  return {
    ...ids,
    guestContact: { name: 'Ines', phone: '555 0104', email: 'ines@example.com' },
    slotStart: slot,
    slotEnd: reservationSlotEnd(new Date(slot)).toISOString(),
    partySize: 4,
    status: 'CONFIRMED',
    preferencesJson: { needsAccessibility: false, needsHighChair: true, occasion: 'anniversary', specialRequests: '' },
    source: 'DIRECT',
  };
}

describe("the tenant a body names, and the spec's field names", () => {
  it("books a reservation with the spec's body, naming the caller's own organization and venue", async () => {
    const { orgId, venueId } = h.fixture.a;
    const booked = await host.post('/api/reservations', reservation({ orgId, venueId }));
    expect(booked.status).toBe(201);
    expect(booked.body).toMatchObject({ guestContact: { name: 'Ines' }, partySize: 4, status: 'CONFIRMED' });
  });

  it("refuses another organization's or venue's ids with 403, and books nothing", async () => {
    const { orgId, venueId, otherVenueId } = h.fixture.a;
    const before = await count('reservations');
    for (const ids of [
      { orgId: h.fixture.b.orgId, venueId },
      { orgId, venueId: otherVenueId },
      { orgId, venueId: h.fixture.b.venueId },
    ]) {
      const refused = await host.post('/api/reservations', reservation(ids));
      expect(refused.status).toBe(403);
      expect(refused.body).toEqual({ message: MESSAGES.otherTenant, id: 'forbidden' });
    }
    expect(await count('reservations')).toBe(before);
    const waitlistBefore = await count('waitlist');
    const party = await host.post('/api/waitlist', { name: 'Lin', partySize: 2, venueId: h.fixture.b.venueId });
    expect(party.status).toBe(403);
    expect(await count('waitlist')).toBe(waitlistBefore);
  });

  it('adds a waitlist party by `name` (the add form) as well as by `guestName` (the entry)', async () => {
    const byName = await host.post('/api/waitlist', { name: 'Lin', phone: '555 0103', partySize: 2 });
    expect(byName.status).toBe(201);
    expect(byName.body).toMatchObject({ guestName: 'Lin', phone: '555 0103', partySize: 2 });
    const byGuestName = await host.post('/api/waitlist', {
      guestName: 'Ade',
      partySize: 3,
      venueId: h.fixture.a.venueId,
    });
    expect(byGuestName.status).toBe(201);
    expect(byGuestName.body.guestName).toBe('Ade');
    const neither = await host.post('/api/waitlist', { partySize: 2 });
    expect(neither.status).toBe(400);
    expect(neither.body.message).toContain(MESSAGES.reservationGuestNameRequired);
  });
});
