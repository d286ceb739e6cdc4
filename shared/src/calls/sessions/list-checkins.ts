import { z } from 'zod';
import { defineCall } from '../define.js';
import { RecentVisitsQuery, Visit } from './recent-sessions.js';

/**
 * Recent check-ins: the parties that sat down (a guest's check-in, a seated walk-in, waitlist party
 * or reservation), newest first, over the last day or since `since` (spec 1 section 7 declares
 * `GET /api/checkin`; no screen of the spec calls it). Built by `checkinsAnswer`.
 */
export const listCheckins = defineCall({
  method: 'GET',
  path: '/api/checkin',
  summary: 'Recent check-ins, newest first',
  audience: ['staff'],
  tiers: ['cloud'],
  query: RecentVisitsQuery,
  answer: z.array(Visit),
  staleOn: ['guest.checkedin', 'guest.departed', 'table.state.changed'],
});
