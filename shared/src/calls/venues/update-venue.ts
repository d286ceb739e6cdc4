import { z } from 'zod';
import { VenueChange, VenueRecord } from '../../schemas/admin.js';
import { Id } from '../../schemas/common.js';
import { defineCall } from '../define.js';

/**
 * A venue's settings: name, address, time zone, place, active, and the tax rate, service charge
 * and currency its bills, receipts and tickets use. Terminals learn it from `venue.updated`.
 */
export const updateVenue = defineCall({
  method: 'PUT',
  path: '/api/venues/:id',
  summary: "Change a venue's details and settings (tax rate, service charge, currency)",
  audience: ['staff'],
  tiers: ['cloud'],
  params: z.object({ id: Id }),
  entity: 'Venue',
  body: VenueChange,
  answer: VenueRecord,
  staleOn: ['venue.updated'],
  permission: 'MANAGE_VENUES',
});
