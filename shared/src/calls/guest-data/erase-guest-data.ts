import { z } from 'zod';
import { boundedText } from '../../schemas/common.js';
import { defineCall } from '../define.js';

/** Who the guest is: their phone or email (exact, as they gave it; email in any case), and
 * optionally their name to narrow it. A name alone is too common to erase by. */
export const GuestDataRequest = z
  .object({
    phone: boundedText(40).optional(),
    email: boundedText(254).optional(),
    name: boundedText(120).optional(),
    reason: boundedText(500).optional(),
    /** Only count what would be erased. */
    dryRun: z.boolean().optional(),
  })
  .strict();
export type GuestDataRequest = z.infer<typeof GuestDataRequest>;

export const GuestDataErased = z.object({
  /** False for a dry run: the counts are what would be erased. */
  erased: z.boolean(),
  sessions: z.number().int().nonnegative(),
  waitlistEntries: z.number().int().nonnegative(),
  reservations: z.number().int().nonnegative(),
  /** Past events whose copies of the name, phone or email were scrubbed. */
  events: z.number().int().nonnegative(),
  /** The recorded request (`data_deletion_requests`); null for a dry run. */
  requestId: z.string().nullable(),
});
export type GuestDataErased = z.infer<typeof GuestDataErased>;

/**
 * Erases one guest's personal data at the caller's venue on request (issue 24): their name, phone
 * and email in visits (sessions), the waitlist and reservations, and the copies in past events.
 * Orders, payments and receipts' amounts stay: the money records are kept, under "Erased guest".
 * Terminals learn it from `guest.data.erased` and overwrite their copies.
 */
export const eraseGuestData = defineCall({
  method: 'POST',
  path: '/api/guest-data/erase',
  summary: "Erase one guest's name, phone and email at the venue (money records kept)",
  audience: ['staff'],
  tiers: ['cloud'],
  body: GuestDataRequest,
  answer: GuestDataErased,
  permission: 'MANAGE_SETTINGS',
});
