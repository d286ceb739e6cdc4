import { z } from 'zod';
import { MESSAGES } from '../../messages.js';
import { boundedText, Id, PartySize } from '../../schemas/common.js';
import { defineCall } from '../define.js';

export const ConfirmTableAnswer = z.object({
  success: z.boolean(),
  sessionId: Id,
  tableId: Id,
  tableName: z.string(),
  redirectUrl: z.string(),
  /** The venue's host approves self-seating (issue 27): the choice waits for the host, the table
   * held for the party meanwhile; `redirectUrl` is where the guest goes once approved. */
  awaitingHost: z.boolean().optional(),
  requestId: Id.optional(),
});
export type ConfirmTableAnswer = z.infer<typeof ConfirmTableAnswer>;

/**
 * Seats the guest's party at the table it holds (spec 3 section 7): the hold is checked in the same
 * transaction that seats, so a hold that ran out or was never this guest's seats nobody (409).
 */
export const confirmTable = defineCall({
  method: 'POST',
  path: '/api/guest/confirm-table',
  summary: 'Seat the guest at the table they hold',
  audience: ['guest'],
  tiers: ['cloud'],
  body: z.object({
    tableId: Id,
    partySize: PartySize.optional(),
    guestName: boundedText(100).min(1, { error: MESSAGES.guestNameRequired }).optional(),
    guestPhone: boundedText(40).optional(),
    guestEmail: z
      .union([
        z.literal(''),
        z.email({ error: MESSAGES.guestEmailInvalid }).max(254, { error: MESSAGES.textTooLong(254) }),
      ])
      .optional(),
  }),
  answer: ConfirmTableAnswer,
});

/** The same confirmation for a guest whose session id is stored: the session takes the held table. */
export const updateGuestSession = defineCall({
  method: 'PATCH',
  path: '/api/guest/sessions/:id',
  summary: 'Seat the guest session at the table it holds',
  audience: ['guest'],
  tiers: ['cloud'],
  params: z.object({ id: Id }),
  entity: 'Session',
  body: z.object({ tableId: Id }),
  answer: ConfirmTableAnswer,
});
