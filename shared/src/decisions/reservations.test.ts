import { describe, expect, it } from 'vitest';
import { AppError } from '../errors.js';
import { MESSAGES } from '../messages.js';
import type { Reservation } from '../schemas/entities.js';
import { ReservationModifyBody } from '../schemas/forms.js';
import type { DecisionActor } from './decision.js';
import { decideModifyReservation, type ModifyState } from './reservations.js';

// 15:00 at the venue (America/New_York): tonight's 17:00 to 22:30 and all of tomorrow are bookable.
const now = new Date('2026-11-28T20:00:00.000Z');
const zone = 'America/New_York';
const seven = '2026-11-29T00:00:00.000Z'; // 19:00 at the venue
const eight = '2026-11-29T01:00:00.000Z'; // 20:00
const staff: DecisionActor = { kind: 'staff', userId: null, terminalId: null };
const terminal: DecisionActor = { kind: 'terminal', userId: null, terminalId: 'T' };

const booking: Reservation = {
  id: '22222222-2222-4222-8222-222222222222',
  venueId: '11111111-1111-4111-8111-111111111111',
  guestContact: { name: 'Ada Park', phone: '555 0101', email: 'ada@example.com' },
  slotStart: seven,
  slotEnd: '2026-11-29T02:00:00.000Z',
  partySize: 4,
  status: 'CONFIRMED',
  preferencesJson: { needsAccessibility: true, needsHighChair: false, occasion: 'birthday', specialRequests: 'Window' },
  source: 'DIRECT',
  lockedTableIds: [],
  checkedInAt: null,
  createdAt: '2026-11-28T15:00:00.000Z',
};

const state = (over: Partial<Reservation> | null = {}, actor = staff): ModifyState => ({
  reservation: over === null ? null : { ...booking, ...over },
  timeZone: zone,
  actor,
});
const body = (b: unknown) => ReservationModifyBody.parse(b);

function refusal(fn: () => unknown): { status: number; id: string; message: string } {
  try {
    fn();
  } catch (error) {
    if (error instanceof AppError) return { status: error.status, id: error.id, message: error.message };
    throw error;
  }
  throw new Error('not refused');
}

describe('decideModifyReservation', () => {
  it('moves the booking to another bookable time, two hours long, and announces reservation.updated', () => {
    const decided = decideModifyReservation(state(), body({ slotStart: eight }), now);
    expect(decided.answer).toMatchObject({ slotStart: eight, slotEnd: '2026-11-29T03:00:00.000Z', partySize: 4 });
    expect(decided.writes).toEqual([{ kind: 'reservation.update', reservation: decided.answer }]);
    expect(decided.events).toEqual([{ type: 'reservation.updated', reservation: decided.answer }]);
  });

  it('merges party size, contact and preferences over the booking, keeping what was not sent', () => {
    const decided = decideModifyReservation(
      state({ status: 'CHECKED_IN', checkedInAt: now.toISOString() }),
      body({ partySize: '6', guestContact: { phone: '555 0202' }, preferencesJson: { needsHighChair: true } }),
      now,
    );
    expect(decided.answer).toEqual({
      ...booking,
      status: 'CHECKED_IN',
      checkedInAt: now.toISOString(),
      partySize: 6,
      guestContact: { ...booking.guestContact, phone: '555 0202' },
      preferencesJson: { ...booking.preferencesJson, needsHighChair: true },
    });
  });

  it('cancels a CONFIRMED or CHECKED_IN booking', () => {
    for (const status of ['CONFIRMED', 'CHECKED_IN'] as const) {
      const decided = decideModifyReservation(state({ status }), body({ status: 'CANCELLED' }), now);
      expect(decided.answer).toEqual({ ...booking, status: 'CANCELLED' });
      expect(decided.events.map((e) => e.type)).toEqual(['reservation.updated']);
    }
  });

  it('keeps a begun time as booked: the contact can still be corrected, the time sent again is not checked', () => {
    const late = new Date('2026-11-29T00:30:00.000Z');
    const decided = decideModifyReservation(
      state(),
      body({ slotStart: '2026-11-28T19:00:00-05:00', guestContact: { name: 'Ada Parker' } }),
      late,
    );
    expect(decided.answer).toMatchObject({ slotStart: seven, guestContact: { name: 'Ada Parker' } });
  });

  it('answers the booking and writes nothing when nothing changes', () => {
    const decided = decideModifyReservation(state(), body({ partySize: 4, guestContact: { name: 'Ada Park' } }), now);
    expect(decided).toEqual({ writes: [], events: [], answer: booking });
  });

  it('refuses a time that is not bookable, a missing booking, and a seated or cancelled one, changing nothing', () => {
    const cases: [ModifyState, unknown, { status: number; id: string; message: string }][] = [
      [
        state(),
        { slotStart: '2026-11-29T01:15:00.000Z' },
        {
          status: 400,
          id: 'invalid_field',
          message: MESSAGES.invalidField('slotStart', MESSAGES.reservationTimeNotBookable),
        },
      ],
      [
        state(),
        { slotStart: '2026-12-02T01:00:00.000Z' },
        {
          status: 400,
          id: 'invalid_field',
          message: MESSAGES.invalidField('slotStart', MESSAGES.reservationTimeNotBookable),
        },
      ],
      [state(null), { partySize: 3 }, { status: 404, id: 'not_found', message: MESSAGES.notFound('Reservation') }],
      [
        state({ status: 'SEATED' }),
        { partySize: 3 },
        { status: 409, id: 'transition_refused', message: MESSAGES.reservationTransitionRefused('modify', 'Seated') },
      ],
      [
        state({ status: 'CANCELLED' }),
        { guestContact: { name: 'Bo' } },
        {
          status: 409,
          id: 'transition_refused',
          message: MESSAGES.reservationTransitionRefused('modify', 'Cancelled'),
        },
      ],
      [
        state({ status: 'SEATED' }),
        { status: 'CANCELLED' },
        { status: 409, id: 'transition_refused', message: MESSAGES.reservationTransitionRefused('cancel', 'Seated') },
      ],
      [
        state({ status: 'CANCELLED' }),
        { status: 'CANCELLED' },
        {
          status: 409,
          id: 'transition_refused',
          message: MESSAGES.reservationTransitionRefused('cancel', 'Cancelled'),
        },
      ],
    ];
    for (const [s, b, expected] of cases) {
      const before = structuredClone(s);
      expect(
        refusal(() => decideModifyReservation(s, body(b), now)),
        JSON.stringify(b),
      ).toEqual(expected);
      expect(s).toEqual(before);
    }
  });

  it("takes a terminal's new time that began since it was chosen offline, as a late booking is; staff's is refused", () => {
    const later = new Date('2026-11-29T01:30:00.000Z');
    expect(decideModifyReservation(state({}, terminal), body({ slotStart: eight }), later).answer.slotStart).toBe(
      eight,
    );
    expect(refusal(() => decideModifyReservation(state(), body({ slotStart: eight }), later)).status).toBe(400);
  });
});

describe('the body of a modification', () => {
  it.each([
    [{}, MESSAGES.reservationNothingToChange],
    [{ status: 'CANCELLED', partySize: 2 }, MESSAGES.reservationCancelAlone],
    [{ status: 'SEATED' }, 'status'],
    [{ slotEnd: eight }, MESSAGES.reservationSlotLength],
    [{ slotStart: eight, slotEnd: eight }, MESSAGES.reservationSlotLength],
    [{ slotStart: '' }, MESSAGES.reservationTimeRequired],
    [{ slotStart: 'tonight' }, MESSAGES.reservationTimeNotBookable],
    [{ guestContact: { name: ' ' } }, MESSAGES.reservationGuestNameRequired],
    [{ guestContact: { email: 'ada' } }, MESSAGES.invalidEmail],
    [{ partySize: 21 }, MESSAGES.partySizeMax(20)],
    [{ partySize: 0 }, MESSAGES.partySizeMin(1)],
    [{ preferencesJson: { occasion: 'wake' } }, 'occasion'],
    [{ table: 'T1' }, 'table'],
  ])('refuses %j', (b, message) => {
    const parsed = ReservationModifyBody.safeParse(b);
    expect(parsed.success).toBe(false);
    const said = JSON.stringify(parsed.error?.issues);
    expect(said).toContain(message);
  });
});
