import { z } from 'zod';
import { DEFAULT_TIMEZONE, GUEST_WAITLIST_STATUSES } from '../../constants.js';
import { Id, IsoDateTime } from '../../schemas/common.js';
import { defineCall } from '../define.js';

/**
 * A party's own place in line as its guest sees it (spec 3 sections 2 and 4). Read by the entry's
 * id alone, which only the party was given; it carries no phone or email, and nothing of any other
 * party but how many are ahead.
 */
export const GuestWaitlistStatus = z.object({
  id: Id,
  status: z.enum(GUEST_WAITLIST_STATUSES),
  /** Place in line, 1 for next; 0 once the party's table is ready. */
  position: z.number().int().min(0),
  /** Minutes: 15 plus 5 per place behind the first. */
  estimatedWait: z.number().int().min(0),
  guestName: z.string(),
  partySize: z.number().int(),
  needsAccessibility: z.boolean(),
  needsHighChair: z.boolean(),
  occasion: z.string().nullable(),
  createdAt: IsoDateTime,
  /** The venue's time zone, the clock the page shows times on (issue 22, item 12). */
  timeZone: z.string().default(DEFAULT_TIMEZONE),
});
export type GuestWaitlistStatus = z.infer<typeof GuestWaitlistStatus>;

export const getGuestWaitlistStatus = defineCall({
  method: 'GET',
  path: '/api/waitlist/status/:id',
  summary: "A waiting party's place in line, estimated wait and status, for its guest",
  audience: ['public'],
  tiers: ['cloud'],
  params: z.object({ id: Id }),
  entity: 'Waitlist entry',
  answer: GuestWaitlistStatus,
  staleOn: ['waitlist.updated'],
});
