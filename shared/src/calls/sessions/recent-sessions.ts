// What GET /api/checkin and GET /api/checkout share: a party's visit as both answer it, the
// window they look back over, and the one rule for each answer.
import { z } from 'zod';
import { Id, IsoDateTime } from '../../schemas/common.js';

/** How far back "recent" reaches by default: a day covers any service. */
const RECENT_VISITS_HOURS = 24;
/** The most visits one answer holds. */
const RECENT_VISITS_LISTED = 200;

const WholeNumber = z
  .string()
  .regex(/^\d{1,6}$/, { error: 'must be a whole number' })
  .transform(Number);

export const RecentVisitsQuery = z.object({
  /** From this time on (default: RECENT_VISITS_HOURS ago). */
  since: IsoDateTime.optional(),
  /** How many, 1 to 200 (default 200), newest first. */
  limit: WholeNumber.optional().transform((v) =>
    Math.min(Math.max(v ?? RECENT_VISITS_LISTED, 1), RECENT_VISITS_LISTED),
  ),
});

/** A party's visit: its dining session (spec 1 section 3), with its table's name. */
export const Visit = z.object({
  sessionId: Id,
  tableId: Id.nullable(),
  tableName: z.string().nullable(),
  reservationId: Id.nullable(),
  partySize: z.number().int(),
  guestName: z.string().nullable(),
  status: z.string(),
  checkinTime: IsoDateTime,
  checkoutTime: IsoDateTime.nullable(),
});
export type Visit = z.infer<typeof Visit>;

/** The start of the window: `since`, else RECENT_VISITS_HOURS before now. */
export function visitsSince(since: string | undefined, now: Date): Date {
  return since ? new Date(since) : new Date(now.getTime() - RECENT_VISITS_HOURS * 3_600_000);
}

const newest = (a: string, b: string) => Date.parse(b) - Date.parse(a);
const byId = (a: Visit, b: Visit) => (a.sessionId < b.sessionId ? 1 : a.sessionId > b.sessionId ? -1 : 0);

/** Check-ins: visits that started at or after `since`, newest first, at most `limit`. */
export function checkinsAnswer(visits: readonly Visit[], since: Date, limit: number): Visit[] {
  return visits
    .filter((v) => Date.parse(v.checkinTime) >= since.getTime())
    .sort((a, b) => newest(a.checkinTime, b.checkinTime) || byId(a, b))
    .slice(0, limit);
}

/** Check-outs: visits closed at or after `since`, newest first, at most `limit`. */
export function checkoutsAnswer(visits: readonly Visit[], since: Date, limit: number): Visit[] {
  return visits
    .filter((v) => v.checkoutTime !== null && Date.parse(v.checkoutTime) >= since.getTime())
    .sort((a, b) => newest(a.checkoutTime as string, b.checkoutTime as string) || byId(a, b))
    .slice(0, limit);
}
