import { z } from 'zod';
import { OCCASIONS } from '../../constants.js';
import { MESSAGES } from '../../messages.js';
import { boundedText, Id, PartySize } from '../../schemas/common.js';
import { defineCall } from '../define.js';
import { QrToken } from './scan-answer.js';

export const GuestCheckinRequest = z.object({
  guestName: boundedText(100).min(1, { error: MESSAGES.guestNameRequired }).optional(),
  phone: boundedText(40).optional(),
  guestEmail: z
    .union([
      z.literal(''),
      z.email({ error: MESSAGES.guestEmailInvalid }).max(254, { error: MESSAGES.textTooLong(254) }),
    ])
    .optional(),
  partySize: PartySize,
  occasion: z.enum(OCCASIONS).optional(),
  needsAccessibility: z.boolean().default(false),
  needsHighChair: z.boolean().default(false),
  tableId: Id.optional(),
  venueId: Id.optional(),
  token: QrToken.optional(),
});
export type GuestCheckinRequest = z.input<typeof GuestCheckinRequest>;

const CheckinResultType = z.enum(['session_created', 'seat_selection', 'waitlist']);
export const GuestCheckinAnswer = z.object({
  success: z.boolean(),
  error: z.string().optional(),
  type: CheckinResultType.optional(),
  sessionId: Id.optional(),
  tableId: Id.optional(),
  tableName: z.string().optional(),
  waitlistId: Id.optional(),
  redirectUrl: z.string().optional(),
  position: z.number().int().optional(),
  estimatedWait: z.number().int().optional(),
  /** The table's party sits there already: this phone asks to join it and waits to be let in by a
   * phone of the party or staff before it sees or orders anything (issue 27). */
  joinPending: z.boolean().optional(),
  phoneId: Id.optional(),
});
export type GuestCheckinAnswer = z.infer<typeof GuestCheckinAnswer>;

/** Seats the party at the QR code's table and sets the guest cookie (spec 3 section 5). */
export const guestCheckin = defineCall({
  method: 'POST',
  path: '/api/guest/checkin',
  summary: "Check a party in at the signed QR code's table",
  audience: ['public'],
  tiers: ['cloud'],
  body: GuestCheckinRequest,
  answer: GuestCheckinAnswer,
});
