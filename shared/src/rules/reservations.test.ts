import { describe, expect, it } from 'vitest';
import { MESSAGES } from '../messages.js';
import { ReservationForm } from '../schemas/forms.js';
import {
  acceptsBookedSlot,
  bookableClockTimes,
  bookableTimes,
  isBookableSlot,
  reservationBadge,
  reservationFromForm,
  reservationRowActions,
  reservationSlotEnd,
  reservationsOfDay,
  reservationTransition,
  venueDate,
  venueDayBounds,
  zonedTimeToInstant,
} from './reservations.js';

describe('bookable times', () => {
  it('every 30 minutes from 17:00 to 22:30', () => {
    expect(bookableClockTimes()).toEqual([
      '17:00',
      '17:30',
      '18:00',
      '18:30',
      '19:00',
      '19:30',
      '20:00',
      '20:30',
      '21:00',
      '21:30',
      '22:00',
      '22:30',
    ]);
  });

  it('before 17:00 offers all of today and all of tomorrow, labelled', () => {
    const times = bookableTimes(new Date('2025-03-10T12:00:00Z'), 'UTC');
    expect(times).toHaveLength(24);
    expect(times[0]).toEqual({
      value: '2025-03-10T17:00:00.000Z',
      day: 'Today',
      time: '17:00',
      label: 'Today 5:00 PM',
    });
    expect(times[11]?.label).toBe('Today 10:30 PM');
    expect(times[12]).toEqual({
      value: '2025-03-11T17:00:00.000Z',
      day: 'Tomorrow',
      time: '17:00',
      label: 'Tomorrow 5:00 PM',
    });
    expect(times.at(-1)?.value).toBe('2025-03-11T22:30:00.000Z');
  });

  it.each([
    // now, today's times still offered
    ['2025-03-10T22:00:00Z', 2],
    ['2025-03-10T22:29:00Z', 1],
    ['2025-03-10T22:30:00Z', 1], // 22:30 is still bookable at 22:30
    ['2025-03-10T22:31:00Z', 0],
    ['2025-03-10T23:00:00Z', 0], // at 23:00 only tomorrow is left
  ])('at %s, %i of today remain and tomorrow is complete', (now, todayLeft) => {
    const times = bookableTimes(new Date(now), 'UTC');
    expect(times.filter((t) => t.day === 'Today')).toHaveLength(todayLeft);
    expect(times.filter((t) => t.day === 'Tomorrow')).toHaveLength(12);
  });

  it('23:00 is never a bookable time, nor is the day after tomorrow', () => {
    const now = new Date('2025-03-10T12:00:00Z');
    expect(isBookableSlot(new Date('2025-03-10T22:30:00Z'), now, 'UTC')).toBe(true);
    expect(isBookableSlot(new Date('2025-03-10T23:00:00Z'), now, 'UTC')).toBe(false);
    expect(isBookableSlot(new Date('2025-03-10T17:15:00Z'), now, 'UTC')).toBe(false);
    expect(isBookableSlot(new Date('2025-03-12T17:00:00Z'), now, 'UTC')).toBe(false);
  });

  it('uses the venue zone, across a daylight-saving change', () => {
    // New York changes to summer time on 2025-03-09; 17:00 local is 22:00Z the day before and
    // 21:00Z after. At 20:00 local on the 8th (01:00Z on the 9th) today is the 8th.
    const times = bookableTimes(new Date('2025-03-09T01:00:00Z'), 'America/New_York');
    expect(times.filter((t) => t.day === 'Today').map((t) => t.value)[0]).toBe('2025-03-09T01:00:00.000Z');
    expect(times.find((t) => t.day === 'Tomorrow')?.value).toBe('2025-03-09T21:00:00.000Z');
    expect(zonedTimeToInstant({ year: 2025, month: 7, day: 1, hour: 17, minute: 0 }, 'Asia/Tokyo').toISOString()).toBe(
      '2025-07-01T08:00:00.000Z',
    );
  });
});

describe('slot and create body', () => {
  it('slot end is start plus 2 hours', () => {
    expect(reservationSlotEnd(new Date('2025-03-10T22:30:00Z')).toISOString()).toBe('2025-03-11T00:30:00.000Z');
  });

  const now = new Date('2025-03-10T12:00:00Z');
  it('builds the body with status CONFIRMED and source DIRECT', () => {
    const form = ReservationForm.parse({
      guestName: ' Ada ',
      reservationTime: '2025-03-10T19:30:00.000Z',
      partySize: '4',
      occasion: 'birthday',
    });
    expect(reservationFromForm(form, now, 'UTC')).toEqual({
      ok: true,
      body: {
        guestContact: { name: 'Ada', phone: '', email: '' },
        slotStart: '2025-03-10T19:30:00.000Z',
        slotEnd: '2025-03-10T21:30:00.000Z',
        partySize: 4,
        status: 'CONFIRMED',
        preferencesJson: {
          needsAccessibility: false,
          needsHighChair: false,
          occasion: 'birthday',
          specialRequests: '',
        },
        source: 'DIRECT',
      },
    });
  });

  it('refuses a time that is not bookable now', () => {
    const form = ReservationForm.parse({ guestName: 'Ada', reservationTime: '2025-03-10T23:00:00Z', partySize: 2 });
    expect(reservationFromForm(form, now, 'UTC')).toEqual({ ok: false, reason: MESSAGES.reservationTimeNotBookable });
  });
});

describe('status badges and actions', () => {
  it.each([
    ['CONFIRMED', 'Confirmed', ['checkIn', 'modify', 'cancel']],
    ['CHECKED_IN', 'Checked In', ['seat', 'modify', 'cancel']],
    ['SEATED', 'Seated', []],
    ['CANCELLED', 'Cancelled', []],
    ['WHATEVER', 'Pending', []],
    ['', 'Pending', []],
  ])('%j shows %s and offers %j', (status, label, actions) => {
    expect(reservationBadge(status).label).toBe(label);
    expect(reservationRowActions(status)).toEqual(actions);
  });

  it('check in only from CONFIRMED, seat only from CHECKED_IN', () => {
    expect(reservationTransition('CONFIRMED', 'checkIn')).toEqual({ ok: true, to: 'CHECKED_IN' });
    expect(reservationTransition('CHECKED_IN', 'seat')).toEqual({ ok: true, to: 'SEATED' });
    expect(reservationTransition('SEATED', 'checkIn')).toEqual({
      ok: false,
      reason: 'Cannot check in a reservation that is Seated',
    });
    expect(reservationTransition('CONFIRMED', 'seat').ok).toBe(false);
    expect(reservationTransition('CHECKED_IN', 'cancel')).toEqual({ ok: true, to: 'CANCELLED' });
    expect(reservationTransition('SEATED', 'cancel').ok).toBe(false);
  });
});

describe("the venue's day", () => {
  it('names the calendar date at the venue, not in UTC', () => {
    expect(venueDate(new Date('2026-11-25T03:00:00Z'), 'America/New_York')).toBe('2026-11-24');
    expect(venueDate(new Date('2026-11-25T03:00:00Z'), 'Asia/Tokyo')).toBe('2026-11-25');
  });

  it('bounds a day from midnight to midnight, 23 hours on the day clocks go forward', () => {
    const { start, end } = venueDayBounds('2026-11-25', 'America/New_York');
    expect(start.toISOString()).toBe('2026-11-25T05:00:00.000Z');
    expect(end.toISOString()).toBe('2026-11-26T05:00:00.000Z');
    const spring = venueDayBounds('2026-03-08', 'America/New_York');
    expect(spring.end.getTime() - spring.start.getTime()).toBe(23 * 3600_000);
  });

  it("lists the day's reservations by time, then booking, then id", () => {
    const r = (id: string, slotStart: string, createdAt = '2026-11-20T00:00:00.000Z') => ({ id, slotStart, createdAt });
    const listed = reservationsOfDay(
      [
        r('b', '2026-11-25T19:00:00.000Z'),
        r('a', '2026-11-25T19:00:00.000Z'),
        r('late', '2026-11-25T19:00:00.000Z', '2026-11-21T00:00:00.000Z'),
        r('early', '2026-11-25T17:00:00.000Z'),
        r('yesterday', '2026-11-24T23:30:00.000Z'),
        r('tomorrow', '2026-11-26T00:00:00.000Z'),
      ],
      '2026-11-25',
      'UTC',
    );
    expect(listed.map((x) => x.id)).toEqual(['early', 'a', 'b', 'late']);
  });
});

describe("the cloud's check of a booked time", () => {
  const now = new Date('2026-11-25T18:10:00Z');
  it('takes a time bookable now, and refuses one begun, off the half hour or beyond tomorrow', () => {
    expect(acceptsBookedSlot(new Date('2026-11-25T18:30:00Z'), now, 'UTC')).toBe(true);
    expect(acceptsBookedSlot(new Date('2026-11-26T22:30:00Z'), now, 'UTC')).toBe(true);
    expect(acceptsBookedSlot(new Date('2026-11-25T18:00:00Z'), now, 'UTC')).toBe(false);
    expect(acceptsBookedSlot(new Date('2026-11-25T18:45:00Z'), now, 'UTC')).toBe(false);
    expect(acceptsBookedSlot(new Date('2026-11-27T17:00:00Z'), now, 'UTC')).toBe(false);
  });

  it('takes a time that was bookable up to the window ago (a terminal booked it offline), no earlier', () => {
    const twoHours = 2 * 3600_000;
    expect(acceptsBookedSlot(new Date('2026-11-25T17:00:00Z'), now, 'UTC', twoHours)).toBe(true);
    expect(acceptsBookedSlot(new Date('2026-11-25T17:00:00Z'), now, 'UTC', 30 * 60_000)).toBe(false);
    expect(acceptsBookedSlot(new Date('2026-11-25T17:15:00Z'), now, 'UTC', twoHours)).toBe(false);
  });
});
