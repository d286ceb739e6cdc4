import { z } from 'zod';
import { defineCall } from '../define.js';
import { RecentVisitsQuery, Visit } from './recent-sessions.js';

/**
 * Recent check-outs: the parties that left (the exit scan, Party Left, or the stuck-table check
 * closing an abandoned one), newest first, over the last day or since `since` (spec 1 section 7
 * declares `GET /api/checkout`; no screen of the spec calls it). Built by `checkoutsAnswer`.
 */
export const listCheckouts = defineCall({
  method: 'GET',
  path: '/api/checkout',
  summary: 'Recent check-outs, newest first',
  audience: ['staff'],
  tiers: ['cloud'],
  query: RecentVisitsQuery,
  answer: z.array(Visit),
  staleOn: ['guest.departed', 'table.state.changed'],
});
