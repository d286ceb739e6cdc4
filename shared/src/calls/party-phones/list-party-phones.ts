import { z } from 'zod';
import { PartyPhone } from '../../schemas/party-phone.js';
import { defineCall } from '../define.js';

/** The phones asking to join the guest's party, for a phone of the party to let in or turn away. */
export const listPartyPhones = defineCall({
  method: 'GET',
  path: '/api/guest/phones',
  summary: "The phones asking to join the guest's party",
  audience: ['guest'],
  tiers: ['cloud'],
  answer: z.object({ phones: z.array(PartyPhone) }),
  staleOn: ['party.phone.updated'],
});
