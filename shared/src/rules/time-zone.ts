// IANA time zones: whether one is known, and the one formatter of times and days that every staff
// screen and guest page uses (venueClock, venueDayLabel, venueDayStart), on the venue's clock as its
// tickets and receipts print it. Making an Intl.DateTimeFormat costs far more than using one (on the
// terminal it was most of laying out a kitchen ticket), so each zone's formatter is made once and
// kept. Zones come from a few venues; unknown names are remembered too, and the memory is bounded.
import { venueDate, venueDayBounds } from './reservations.js';

/** Zones remembered at most; past this the memory starts again. */
const REMEMBERED_ZONES = 64;

const ticketFormats = new Map<string, Intl.DateTimeFormat | null>();

/** "Jun 14, 7:42 PM" in `timeZone`, or null when the zone is unknown. */
export function ticketTimeFormat(timeZone: string): Intl.DateTimeFormat | null {
  const known = ticketFormats.get(timeZone);
  if (known !== undefined) return known;
  let format: Intl.DateTimeFormat | null;
  try {
    format = new Intl.DateTimeFormat('en-US', {
      timeZone,
      month: 'short',
      day: 'numeric',
      hour: 'numeric',
      minute: '2-digit',
    });
  } catch {
    format = null;
  }
  if (ticketFormats.size >= REMEMBERED_ZONES) ticketFormats.clear();
  ticketFormats.set(timeZone, format);
  return format;
}

/** Whether `timeZone` names a zone this runtime knows (an IANA name such as Europe/Paris, or UTC). */
export function isTimeZone(timeZone: string): boolean {
  return ticketTimeFormat(timeZone) !== null;
}

const clockFormats = new Map<string, Intl.DateTimeFormat>();

function clockFormat(timeZone: string, withDate: boolean, withZone: boolean): Intl.DateTimeFormat {
  const key = `${timeZone}|${withDate}|${withZone}`;
  let format = clockFormats.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hour: 'numeric',
      minute: '2-digit',
      ...(withDate ? { month: 'short', day: 'numeric' } : {}),
      ...(withZone ? { timeZoneName: 'short' } : {}),
    });
    if (clockFormats.size >= REMEMBERED_ZONES * 4) clockFormats.clear();
    clockFormats.set(key, format);
  }
  return format;
}

/**
 * A time as staff read it: the venue's clock, as its tickets and receipts print it ("7:42 PM"),
 * never the device's. Where the device reading it keeps another zone, the time says whose it is
 * ("7:42 PM EST"), so a manager's laptop away from the venue is not misread. An unknown venue zone
 * falls back to UTC, said so.
 */
export function venueClock(at: Date, venueZone: string, deviceZone: string, o: { withDate?: boolean } = {}): string {
  const zone = isTimeZone(venueZone) ? venueZone : 'UTC';
  const ambiguous = zone !== venueZone || !sameClock(zone, deviceZone, at);
  return clockFormat(zone, o.withDate === true, ambiguous).format(at);
}

/** Whether two zones show the same wall-clock time at `at` (Europe/London and UTC in winter do). */
function sameClock(a: string, b: string, at: Date): boolean {
  if (a === b) return true;
  if (!isTimeZone(b)) return false;
  return clockFormat(a, true, false).format(at) === clockFormat(b, true, false).format(at);
}

const dayLabel = new Intl.DateTimeFormat('en-US', {
  weekday: 'short',
  month: 'short',
  day: 'numeric',
  timeZone: 'UTC',
});

/** A venue's calendar day ('2026-11-28', as venueDate gives it) as staff read it: "Sat, Nov 28". */
export function venueDayLabel(date: string): string {
  return dayLabel.format(new Date(`${date}T12:00:00Z`));
}

/** The instant the venue's day that holds `at` began (its midnight), as "today" counts on screens. */
export function venueDayStart(at: Date, venueZone: string): Date {
  const zone = isTimeZone(venueZone) ? venueZone : 'UTC';
  return venueDayBounds(venueDate(at, zone), zone).start;
}
