import { z } from 'zod';
import { DEFAULT_TIMEZONE } from '../../constants.js';
import { DiningSession } from '../../schemas/entities.js';
import { defineCall } from '../define.js';

const GuestSessionAnswer = z.object({
  session: DiningSession,
  tableName: z.string().nullable(),
  /** The venue's name, for the guest's pages to say where they are (issue 22, item 12). */
  venueName: z.string(),
  /** The venue's time zone, the clock the guest's pages show times on (issue 22, item 12). */
  timeZone: z.string().default(DEFAULT_TIMEZONE),
});

export const getGuestSession = defineCall({
  method: 'GET',
  path: '/api/guest/session',
  summary: "The guest cookie's dining session, its table's name and its venue's name",
  audience: ['guest'],
  tiers: ['cloud'],
  answer: GuestSessionAnswer,
  staleOn: ['guest.checkedin'],
});
