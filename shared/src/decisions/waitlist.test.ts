import { describe, expect, it } from 'vitest';
import { AppError } from '../errors.js';
import type { DiningSession, Table, WaitlistEntry } from '../schemas/entities.js';
import { decideAddParty, decideMoveParty, decideSeatParty } from './waitlist.js';

const now = new Date('2026-11-28T20:00:00.000Z');
const earlier = '2026-11-28T19:40:00.000Z';
const VENUE = '11111111-1111-4111-8111-111111111111';
const PARTY = '22222222-2222-4222-8222-222222222222';
const TABLE = '33333333-3333-4333-8333-333333333333';
const PHONE_SESSION = '44444444-4444-4444-8444-444444444444';
const FRESH = '55555555-5555-4555-8555-555555555555';

const party: WaitlistEntry = {
  id: PARTY,
  venueId: VENUE,
  guestName: 'Lin',
  phone: null,
  email: null,
  partySize: 2,
  quotedMinWait: 15,
  quotedMaxWait: 25,
  position: 4,
  status: 'WAITING',
  needsAccessibility: false,
  needsHighChair: false,
  occasion: null,
  notifiedAt: null,
  seatedAt: null,
  createdAt: earlier,
  sessionId: null,
};

const table: Table = {
  id: TABLE,
  venueId: VENUE,
  name: 'Table 4',
  number: '4',
  shape: 'CIRCLE',
  capacity: 4,
  capacityMin: 1,
  capacityMax: 4,
  xPosition: 0,
  yPosition: 0,
  rotation: 0,
  zone: null,
  isAccessible: false,
  state: 'EMPTY',
  holdExpiresAt: null,
  partyName: null,
  guestCount: null,
  timeSeated: null,
};

const refusal = (fn: () => unknown) => {
  try {
    fn();
  } catch (error) {
    if (error instanceof AppError) return { status: error.status, id: error.id };
    throw error;
  }
  return null;
};

describe('add to the waitlist', () => {
  it('joins the back of the line with the quote for its place', () => {
    const decided = decideAddParty(
      { venueId: VENUE, existing: null, inLine: 2, lastPosition: 7 },
      { id: PARTY, guestName: 'Lin', partySize: 2, needsAccessibility: false, needsHighChair: false, phone: '' },
      now,
    );
    expect(decided.answer).toMatchObject({ position: 8, quotedMinWait: 25, quotedMaxWait: 35, phone: null });
    expect(decided.writes.map((w) => w.kind)).toEqual(['waitlist.insert']);
    expect(decided.events.map((e) => e.type)).toEqual(['waitlist.updated']);
  });

  it('answers a repeat of its id with the party added, and refuses another venue’s id', () => {
    const input = { id: PARTY, guestName: 'Lin', partySize: 2, needsAccessibility: false, needsHighChair: false };
    const repeat = decideAddParty({ venueId: VENUE, existing: party, inLine: 1, lastPosition: 4 }, input, now);
    expect(repeat).toEqual({ writes: [], events: [], answer: party });
    expect(
      refusal(() => decideAddParty({ venueId: FRESH, existing: party, inLine: 0, lastPosition: 0 }, input, now)),
    ).toEqual({ status: 409, id: 'conflict' });
  });
});

describe('moving a party', () => {
  it.each([
    ['WAITING', 'NOTIFIED', null, 'NOTIFIED'],
    ['WAITING', 'CANCELLED', null, 'CANCELLED'],
    // The Undo of a Remove: back in line, as it was.
    ['CANCELLED', 'WAITING', null, 'WAITING'],
    ['CANCELLED', 'WAITING', earlier, 'NOTIFIED'],
  ] as const)('%s, asked %s (told at %s): %s', (from, asked, notifiedAt, to) => {
    const entry = { ...party, status: from, notifiedAt };
    const decided = decideMoveParty({ entry }, { status: asked }, now);
    expect(decided.answer).toMatchObject({ status: to, position: party.position });
    expect(decided.writes).toEqual([{ kind: 'waitlist.status', entry: decided.answer, readyTableId: null }]);
  });

  it.each([
    ['WAITING', 'WAITING'],
    ['SEATED', 'WAITING'],
    ['SEATED', 'CANCELLED'],
    ['CANCELLED', 'SEATED'],
    ['NOTIFIED', 'NOTIFIED'],
  ] as const)('refuses %s to %s', (from, asked) => {
    expect(refusal(() => decideMoveParty({ entry: { ...party, status: from } }, { status: asked }, now))).toEqual({
      status: 409,
      id: 'transition_refused',
    });
  });

  it('refuses an unknown party', () => {
    expect(refusal(() => decideMoveParty({ entry: null }, { status: 'CANCELLED' }, now))).toEqual({
      status: 404,
      id: 'not_found',
    });
  });
});

describe('seating a party at a table', () => {
  const seatState = { table, guestSession: null, sessionTaken: false, freshSessionId: FRESH };

  it('seats the party with a new session; the party leaves the line with it', () => {
    const decided = decideSeatParty({ entry: party, ...seatState }, { tableId: TABLE }, now);
    expect(decided.answer.sessionId).toBe(FRESH);
    expect(decided.answer.table).toMatchObject({ state: 'OCCUPIED', partyName: 'Lin', guestCount: 2 });
    expect(decided.answer.entry).toMatchObject({ status: 'SEATED', sessionId: FRESH, seatedAt: now.toISOString() });
    expect(decided.writes.map((w) => w.kind)).toEqual(['session.open', 'table.seat', 'waitlist.status']);
    expect(decided.events.map((e) => e.type)).toEqual(['table.state.changed', 'guest.checkedin', 'waitlist.updated']);
  });

  it('seats a party that checked in on a phone with its own session', () => {
    const own: DiningSession = {
      id: PHONE_SESSION,
      venueId: VENUE,
      tableId: null,
      partySize: 2,
      guestName: 'Lin',
      status: 'ACTIVE',
      startedAt: earlier,
      closedAt: null,
    };
    const entry = { ...party, sessionId: PHONE_SESSION };
    const decided = decideSeatParty({ entry, ...seatState, guestSession: own }, { tableId: TABLE }, now);
    expect(decided.answer.sessionId).toBe(PHONE_SESSION);
    expect(decided.writes[0]).toEqual({ kind: 'session.seat', session: { ...own, tableId: TABLE } });
  });

  it.each([
    ['a party seated already', { entry: { ...party, status: 'SEATED' as const } }, 409, 'transition_refused'],
    ['an unknown party', { entry: null }, 404, 'not_found'],
    ['an unknown table', { table: null }, 404, 'not_found'],
    ['a table that is not free', { table: { ...table, state: 'CLEANING' as const } }, 409, 'transition_refused'],
    ['a session id that is taken', { sessionTaken: true }, 409, 'conflict'],
  ])('refuses %s', (_, over, status, id) => {
    expect(
      refusal(() =>
        decideSeatParty({ entry: party, ...seatState, ...over }, { tableId: TABLE, sessionId: FRESH }, now),
      ),
    ).toEqual({ status, id });
  });
});
