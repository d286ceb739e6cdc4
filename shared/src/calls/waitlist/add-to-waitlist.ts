import { z } from 'zod';
import { OCCASIONS } from '../../constants.js';
import { MESSAGES } from '../../messages.js';
import { boundedText, Id, PartySize } from '../../schemas/common.js';
import { WaitlistEntry } from '../../schemas/entities.js';
import { defineCall } from '../define.js';

const Minutes = z
  .number()
  .int()
  .min(0)
  .max(24 * 60);

const GuestName = boundedText(100).min(1, { error: MESSAGES.reservationGuestNameRequired });

/** The host adds a party at the door (spec 2 section 2.4; the form's rules are section 5's). */
export const addToWaitlist = defineCall({
  method: 'POST',
  path: '/api/waitlist',
  summary: 'Add a party to the waitlist',
  audience: ['staff'],
  tiers: ['cloud', 'terminal'],
  body: z
    .strictObject({
      /** Made by the client, so a repeat (an outbox replay) adds the party once. */
      id: Id.optional(),
      /** The caller's own, when sent (rules/tenant.ts). */
      orgId: Id.optional(),
      venueId: Id.optional(),
      /** The spec names it `name` on the add form (spec 2 section 7) and `guestName` on the entry
       * (section 3): either is taken. */
      guestName: GuestName.optional(),
      name: GuestName.optional(),
      phone: boundedText(40).optional(),
      email: z
        .union([
          z.literal(''),
          z.email({ error: MESSAGES.invalidEmail }).max(254, { error: MESSAGES.textTooLong(254) }),
        ])
        .optional(),
      partySize: PartySize,
      /** The quote given at the door; absent: the spec's 15 to 25 minutes, plus 5 a place behind the first. */
      quotedMinWait: Minutes.optional(),
      quotedMaxWait: Minutes.optional(),
      needsAccessibility: z.boolean().default(false),
      needsHighChair: z.boolean().default(false),
      occasion: z.union([z.literal(''), z.enum(OCCASIONS)]).optional(),
    })
    .refine((b) => (b.guestName ?? b.name) !== undefined, {
      error: MESSAGES.reservationGuestNameRequired,
      path: ['guestName'],
    })
    .transform(({ name, guestName, ...rest }) => ({ ...rest, guestName: (guestName ?? name) as string }))
    .refine(
      (b) => b.quotedMinWait === undefined || b.quotedMaxWait === undefined || b.quotedMinWait <= b.quotedMaxWait,
      {
        error: MESSAGES.waitlistQuoteOrder,
        path: ['quotedMaxWait'],
      },
    ),
  answer: WaitlistEntry,
  status: 201,
});
