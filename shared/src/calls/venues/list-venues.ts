import { z } from 'zod';
import { VenueRecord } from '../../schemas/admin.js';
import { Id } from '../../schemas/common.js';
import { defineCall } from '../define.js';

/** The venues of the organizations the member administers (or of one, by `organizationId`). */
export const listVenues = defineCall({
  method: 'GET',
  path: '/api/venues',
  summary: 'Venues of the organizations the signed-in member administers',
  audience: ['staff'],
  tiers: ['cloud'],
  query: z.object({ organizationId: Id.optional() }),
  answer: z.array(VenueRecord),
  staleOn: ['venue.updated'],
  permission: 'MANAGE_VENUES',
});
