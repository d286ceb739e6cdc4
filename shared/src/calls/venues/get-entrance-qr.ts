import { z } from 'zod';
import { defineCall } from '../define.js';

export const EntranceQrAnswer = z.object({
  /** The check-in link the entrance's QR code carries, with the signed code in `token`. */
  url: z.string(),
  token: z.string(),
  venueName: z.string(),
  /** The venue's time zone: a sheet for a venue in the Americas defaults to Letter paper. */
  timezone: z.string(),
});
export type EntranceQrAnswer = z.infer<typeof EntranceQrAnswer>;

/**
 * The venue's entrance code (issue 27, probe finding 1): a walk-in checks in with it, never with
 * the bare venue id, which anyone can read. Only the cloud signs it.
 */
export const getEntranceQr = defineCall({
  method: 'GET',
  path: '/api/venue/entrance-qr',
  summary: "The venue's signed entrance check-in link, for the QR code at its door",
  audience: ['staff'],
  tiers: ['cloud'],
  answer: EntranceQrAnswer,
  permission: 'MANAGE_VENUES',
});
