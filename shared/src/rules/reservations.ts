// Reservations (spec 2 sections 2.3, 4, 5 and 9): bookable times, the fixed two-hour slot, status
// badges and the actions each status offers. Times are wall-clock times in the venue's zone.
import {
  DEFAULT_RESERVATION_SOURCE,
  RESERVATION_BOOKING,
  RESERVATION_DEFAULT_STATUS,
  RESERVATION_DURATION_MS,
  RESERVATION_STATUSES,
} from '../constants.js';
import { MESSAGES } from '../messages.js';
import type { ReservationCreateBody, ReservationFormValues, ReservationModifyBody } from '../schemas/forms.js';

export type ReservationStatus = (typeof RESERVATION_STATUSES)[number];

const RESERVATION_STATUS_LABELS: Record<ReservationStatus, string> = {
  CONFIRMED: 'Confirmed',
  CHECKED_IN: 'Checked In',
  SEATED: 'Seated',
  CANCELLED: 'Cancelled',
};

interface LocalDateTime {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
}

function localParts(at: Date, timeZone: string): LocalDateTime {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone,
    year: 'numeric',
    month: 'numeric',
    day: 'numeric',
    hour: 'numeric',
    minute: 'numeric',
    hourCycle: 'h23',
  }).formatToParts(at);
  const get = (type: Intl.DateTimeFormatPartTypes): number => Number(parts.find((p) => p.type === type)?.value);
  return { year: get('year'), month: get('month'), day: get('day'), hour: get('hour'), minute: get('minute') };
}

/** The instant at which the venue's clock shows the given wall time. */
export function zonedTimeToInstant(local: LocalDateTime, timeZone: string): Date {
  const wall = Date.UTC(local.year, local.month - 1, local.day, local.hour, local.minute);
  // Two passes settle the offset across a daylight-saving change.
  let guess = wall;
  for (let i = 0; i < 2; i++) {
    const shown = localParts(new Date(guess), timeZone);
    const shownWall = Date.UTC(shown.year, shown.month - 1, shown.day, shown.hour, shown.minute);
    guess += wall - shownWall;
  }
  return new Date(guess);
}

function minutesOf(hhmm: string): number {
  const [h, m] = hhmm.split(':').map(Number) as [number, number];
  return h * 60 + m;
}

/** '17:00', '17:30', ... '22:30'. */
export function bookableClockTimes(): string[] {
  const times: string[] = [];
  const last = minutesOf(RESERVATION_BOOKING.lastTime);
  for (let m = minutesOf(RESERVATION_BOOKING.firstTime); m <= last; m += RESERVATION_BOOKING.stepMinutes) {
    times.push(`${String(Math.floor(m / 60)).padStart(2, '0')}:${String(m % 60).padStart(2, '0')}`);
  }
  return times;
}

/** US restaurants read times as 5:00 PM. */
function twelveHour(hhmm: string): string {
  const [h, m] = hhmm.split(':').map(Number) as [number, number];
  const suffix = h >= 12 ? 'PM' : 'AM';
  return `${h % 12 === 0 ? 12 : h % 12}:${String(m).padStart(2, '0')} ${suffix}`;
}

export interface BookableTime {
  /** The slot start as an ISO instant: the form's reservationTime value. */
  value: string;
  day: (typeof RESERVATION_BOOKING.dayLabels)[number];
  time: string;
  label: string;
}

/** Every bookable time for today and tomorrow in the venue's zone. A time of today that has
 * already passed is not offered; one starting right now still is. */
export function bookableTimes(now: Date, timeZone: string): BookableTime[] {
  const today = localParts(now, timeZone);
  const result: BookableTime[] = [];
  RESERVATION_BOOKING.dayLabels.forEach((day, offset) => {
    const date = new Date(Date.UTC(today.year, today.month - 1, today.day + offset));
    for (const time of bookableClockTimes()) {
      const [hour, minute] = time.split(':').map(Number) as [number, number];
      const start = zonedTimeToInstant(
        { year: date.getUTCFullYear(), month: date.getUTCMonth() + 1, day: date.getUTCDate(), hour, minute },
        timeZone,
      );
      if (start.getTime() < now.getTime()) continue;
      result.push({ value: start.toISOString(), day, time, label: `${day} ${twelveHour(time)}` });
    }
  });
  return result;
}

export function isBookableSlot(slotStart: Date, now: Date, timeZone: string): boolean {
  return bookableTimes(now, timeZone).some((t) => new Date(t.value).getTime() === slotStart.getTime());
}

/** A reservation lasts exactly two hours. */
export function reservationSlotEnd(slotStart: Date): Date {
  return new Date(slotStart.getTime() + RESERVATION_DURATION_MS);
}

/** The body of POST /api/reservations from a valid form, refused when the time is not bookable. */
export function reservationFromForm(
  form: ReservationFormValues,
  now: Date,
  timeZone: string,
): { ok: true; body: ReservationCreateBody } | { ok: false; reason: string } {
  const start = new Date(form.reservationTime);
  if (!isBookableSlot(start, now, timeZone)) return { ok: false, reason: MESSAGES.reservationTimeNotBookable };
  return {
    ok: true,
    body: {
      guestContact: { name: form.guestName, phone: form.phone, email: form.email },
      slotStart: start.toISOString(),
      slotEnd: reservationSlotEnd(start).toISOString(),
      partySize: form.partySize,
      status: RESERVATION_DEFAULT_STATUS,
      preferencesJson: {
        needsAccessibility: form.needsAccessibility,
        needsHighChair: form.needsHighChair,
        occasion: form.occasion ?? '',
        specialRequests: form.specialRequests ?? '',
      },
      source: DEFAULT_RESERVATION_SOURCE,
    },
  };
}

/** The body of PATCH /api/reservations/:id from the edit dialog's valid form: everything the form
 * shows, the time as chosen (the decision checks it only when it changed). */
export function reservationChangeFromForm(form: ReservationFormValues): ReservationModifyBody {
  return {
    guestContact: { name: form.guestName, phone: form.phone, email: form.email },
    slotStart: new Date(form.reservationTime).toISOString(),
    partySize: form.partySize,
    preferencesJson: {
      needsAccessibility: form.needsAccessibility,
      needsHighChair: form.needsHighChair,
      occasion: form.occasion ?? '',
      specialRequests: form.specialRequests ?? '',
    },
  };
}

/** The edit dialog's starting values: the booking as it is. */
export function reservationFormOf(r: {
  guestContact: { name: string; phone: string; email: string };
  slotStart: string;
  partySize: number;
  preferencesJson: { needsAccessibility: boolean; needsHighChair: boolean; occasion: string; specialRequests: string };
}) {
  return {
    guestName: r.guestContact.name,
    phone: r.guestContact.phone,
    email: r.guestContact.email,
    reservationTime: new Date(r.slotStart).toISOString(),
    partySize: r.partySize,
    needsAccessibility: r.preferencesJson.needsAccessibility,
    needsHighChair: r.preferencesJson.needsHighChair,
    occasion: r.preferencesJson.occasion,
    specialRequests: r.preferencesJson.specialRequests,
  };
}

function isReservationStatus(value: string): value is ReservationStatus {
  return (RESERVATION_STATUSES as readonly string[]).includes(value);
}

/** The status badge: the four known statuses, and 'Pending' for any other value. */
export function reservationBadge(status: string): { status: ReservationStatus | 'PENDING'; label: string } {
  if (isReservationStatus(status)) return { status, label: RESERVATION_STATUS_LABELS[status] };
  return { status: 'PENDING', label: 'Pending' };
}

export type ReservationAction = 'checkIn' | 'seat' | 'cancel';

const ACTION_MOVES: Record<
  ReservationAction,
  { from: readonly ReservationStatus[]; to: ReservationStatus; verb: string }
> = {
  checkIn: { from: ['CONFIRMED'], to: 'CHECKED_IN', verb: 'check in' },
  seat: { from: ['CHECKED_IN'], to: 'SEATED', verb: 'seat' },
  // Cancelling is not on a spec screen; a host would expect it before the party is seated.
  cancel: { from: ['CONFIRMED', 'CHECKED_IN'], to: 'CANCELLED', verb: 'cancel' },
};

/** A booking may be modified or cancelled until its party is at a table. */
export function isModifiableReservation(status: string): boolean {
  return status === 'CONFIRMED' || status === 'CHECKED_IN';
}

export type ReservationRowAction = 'checkIn' | 'seat' | 'modify' | 'cancel';

/** The row actions the reservations screen offers: Check In for CONFIRMED, Seat for CHECKED_IN,
 * and Modify and Cancel Reservation for both (not on a spec screen; a host expects them). */
export function reservationRowActions(status: string): ReservationRowAction[] {
  if (!isReservationStatus(status)) return [];
  switch (status) {
    case 'CONFIRMED':
      return ['checkIn', 'modify', 'cancel'];
    case 'CHECKED_IN':
      return ['seat', 'modify', 'cancel'];
    case 'SEATED':
    case 'CANCELLED':
      return [];
    default: {
      const never: never = status;
      throw new Error(`Unknown reservation status ${String(never)}`);
    }
  }
}

export function reservationTransition(
  status: ReservationStatus,
  action: ReservationAction,
): { ok: true; to: ReservationStatus } | { ok: false; reason: string } {
  const move = ACTION_MOVES[action];
  if (!move.from.includes(status)) {
    return { ok: false, reason: MESSAGES.reservationTransitionRefused(move.verb, RESERVATION_STATUS_LABELS[status]) };
  }
  return { ok: true, to: move.to };
}

// ---- The day's list and the cloud's check of a booked time ----

const pad = (n: number) => String(n).padStart(2, '0');

/** The venue's calendar date of an instant: '2026-11-25'. */
export function venueDate(at: Date, timeZone: string): string {
  const p = localParts(at, timeZone);
  return `${p.year}-${pad(p.month)}-${pad(p.day)}`;
}

/** The instants the venue's day begins and ends (the next day's midnight), across DST changes. */
export function venueDayBounds(date: string, timeZone: string): { start: Date; end: Date } {
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  const next = new Date(Date.UTC(year, month - 1, day + 1));
  return {
    start: zonedTimeToInstant({ year, month, day, hour: 0, minute: 0 }, timeZone),
    end: zonedTimeToInstant(
      { year: next.getUTCFullYear(), month: next.getUTCMonth() + 1, day: next.getUTCDate(), hour: 0, minute: 0 },
      timeZone,
    ),
  };
}

/** The reservations whose slot starts on the venue's `date`, by time (then booking, then id). */
export function reservationsOfDay<T extends { id: string; slotStart: string; createdAt: string }>(
  reservations: readonly T[],
  date: string,
  timeZone: string,
): T[] {
  const { start, end } = venueDayBounds(date, timeZone);
  return reservations
    .filter((r) => {
      const at = new Date(r.slotStart).getTime();
      return at >= start.getTime() && at < end.getTime();
    })
    .sort(
      (a, b) =>
        a.slotStart.localeCompare(b.slotStart) ||
        a.createdAt.localeCompare(b.createdAt) ||
        (a.id < b.id ? -1 : a.id > b.id ? 1 : 0),
    );
}

/**
 * Whether a booking for `slotStart` is taken: a bookable time now, or one that was bookable when a
 * terminal booked it offline, up to `lateMs` ago (its outbox reaches the cloud later; the slot it
 * offered then must not be refused for the delay).
 */
export function acceptsBookedSlot(slotStart: Date, now: Date, timeZone: string, lateMs = 0): boolean {
  if (isBookableSlot(slotStart, now, timeZone)) return true;
  // Booked at some moment of the window: on a bookable time of that day or the next, not begun
  // then. Those are the times bookable at the window's start or now.
  return lateMs > 0 && isBookableSlot(slotStart, new Date(now.getTime() - lateMs), timeZone);
}
