import { z } from 'zod';
import { MESSAGES } from '../../messages.js';
import { Id, IsoDateTime } from '../../schemas/common.js';
import { defineCall } from '../define.js';

/** Most events one page holds. */
const VENUE_EVENTS_PAGE = 100;

const WholeNumber = z
  .string()
  .regex(/^\d{1,15}$/, { error: 'must be a whole number' })
  .transform(Number);

const VenueEventsQuery = z.object({
  /** Only events of this type ("payment.status.changed"), or of types starting with it and a dot ("table"). */
  type: z
    .string()
    .max(100, { error: MESSAGES.textTooLong(100) })
    .optional(),
  /** The page's size, 1 to 100 (default 100). */
  limit: WholeNumber.optional().transform((v) => Math.min(Math.max(v ?? VENUE_EVENTS_PAGE, 1), VENUE_EVENTS_PAGE)),
  /** The next page: events older than this sequence number (the previous page's `nextBefore`). */
  before: WholeNumber.optional(),
});

/** An event as the spec's entity names it (spec 1 section 3: orgId, venueId, userId, type, payloadJson). */
const VenueEvent = z.object({
  id: Id,
  seq: z.number().int(),
  orgId: Id,
  venueId: Id,
  userId: Id.nullable(),
  type: z.string(),
  payloadJson: z.record(z.string(), z.unknown()),
  createdAt: IsoDateTime,
  /** The staff member who made it, by name (the Activity Feed's initials); null for guests and automation. */
  userName: z.string().nullable(),
});

/**
 * The venue's events, newest first, a page at a time, optionally of one type: what the analytics
 * screen and the activity feed read (spec 2 section 7). The answer is the spec's array; the header
 * `X-Next-Before` (and the next page's `before`) is the sequence number to go on from. The cloud
 * keeps the events; a terminal asks it (503 while it is offline).
 */
export const listVenueEvents = defineCall({
  method: 'GET',
  path: '/api/events',
  summary: "The venue's events, newest first, paged, optionally of one type",
  audience: ['staff', 'terminal'],
  tiers: ['cloud', 'terminal'],
  query: VenueEventsQuery,
  answer: z.array(VenueEvent),
});
