import { z } from 'zod';
import { Id } from '../../schemas/common.js';
import { defineCall } from '../define.js';

/** A venue the signed-in member may work at, and whether the session works there now. */
export const MyVenue = z.object({
  id: Id,
  name: z.string(),
  timezone: z.string(),
  current: z.boolean(),
});
export type MyVenue = z.infer<typeof MyVenue>;

/**
 * The venues of the session's organization the member's roles cover (an organization-wide role
 * covers all its active venues, a venue role its venue), by name: what the header's venue selector
 * offers (issue 24). Cloud only: a terminal serves one venue and shows no selector.
 */
export const listMyVenues = defineCall({
  method: 'GET',
  path: '/api/auth/venues',
  summary: 'The venues the signed-in member may work at, and the current one',
  audience: ['staff'],
  tiers: ['cloud'],
  answer: z.array(MyVenue),
  staleOn: ['venue.updated'],
});
