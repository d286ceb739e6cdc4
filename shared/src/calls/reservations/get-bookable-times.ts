import { z } from 'zod';
import { RESERVATION_BOOKING } from '../../constants.js';
import { bookableTimes, venueDate } from '../../rules/reservations.js';
import { defineCall } from '../define.js';

export const BookableTimesAnswer = z.object({
  /** Today at the venue: the date the day's list is read for. */
  today: z.iso.date(),
  timeZone: z.string(),
  times: z.array(
    z.object({
      value: z.iso.datetime({ offset: true }),
      day: z.enum(RESERVATION_BOOKING.dayLabels),
      time: z.string(),
      label: z.string(),
    }),
  ),
});
export type BookableTimesAnswer = z.infer<typeof BookableTimesAnswer>;

/** The reservation form's choice list (spec 2 section 9: every 30 minutes from 17:00 to 22:30,
 * today and tomorrow), in the venue's zone and by the server's clock, so a screen in another zone
 * or with a wrong clock offers the times the server takes. */
export const getBookableTimes = defineCall({
  method: 'GET',
  path: '/api/reservations/bookable-times',
  summary: 'The times a reservation may be booked for',
  audience: ['staff'],
  tiers: ['cloud', 'terminal'],
  answer: BookableTimesAnswer,
});

export function bookableTimesAnswer(now: Date, timeZone: string): BookableTimesAnswer {
  return { today: venueDate(now, timeZone), timeZone, times: bookableTimes(now, timeZone) };
}
