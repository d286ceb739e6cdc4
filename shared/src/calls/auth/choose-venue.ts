import { z } from 'zod';
import { Id } from '../../schemas/common.js';
import { MeAnswer } from '../../schemas/entities.js';
import { defineCall } from '../define.js';

/**
 * The venue the session works at from now on (the header's venue selector, issue 24): one of
 * GET /api/auth/venues, else 404 and nothing changes. Every later call and live connection of the
 * session is that venue's; the staff app then reads everything again. Cloud only.
 */
export const chooseVenue = defineCall({
  method: 'PUT',
  path: '/api/auth/venue',
  summary: 'Choose the venue the signed-in session works at',
  audience: ['staff'],
  tiers: ['cloud'],
  body: z.strictObject({ venueId: Id }),
  answer: MeAnswer,
});
