import { z } from 'zod';
import { PartyPhone } from '../../schemas/party-phone.js';
import { defineCall } from '../define.js';

/**
 * This phone's standing with its party (issue 27): null for the party's own phone; for a phone
 * that joined a seated party, whether it waits, was let in or was turned away. A waiting phone may
 * call it (and pay the bill), nothing else of the party's.
 */
export const getMyPhone = defineCall({
  method: 'GET',
  path: '/api/guest/phone',
  summary: "This phone's standing with the party it asked to join",
  audience: ['guest'],
  tiers: ['cloud'],
  answer: z.object({ phone: PartyPhone.nullable() }),
  staleOn: ['party.phone.updated'],
});
