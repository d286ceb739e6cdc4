import { z } from 'zod';
import { DiningSession } from '../../schemas/entities.js';
import { defineCall } from '../define.js';

const GuestSessionAnswer = z.object({ session: DiningSession, tableName: z.string().nullable() });

export const getGuestSession = defineCall({
  method: 'GET',
  path: '/api/guest/session',
  summary: "The guest cookie's dining session and its table's name",
  audience: ['guest'],
  tiers: ['cloud'],
  answer: GuestSessionAnswer,
  staleOn: ['guest.checkedin'],
});
