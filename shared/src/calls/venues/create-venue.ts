import { VenueInput, VenueRecord } from '../../schemas/admin.js';
import { defineCall } from '../define.js';

/** A new venue of an organization, within its plan's venue limit. */
export const createVenue = defineCall({
  method: 'POST',
  path: '/api/venues',
  summary: 'Create a venue in an organization (within its plan)',
  audience: ['staff'],
  tiers: ['cloud'],
  body: VenueInput,
  answer: VenueRecord,
  status: 201,
  permission: 'MANAGE_VENUES',
});
