import { z } from 'zod';
import { PartyPhone } from '../../schemas/party-phone.js';
import { defineCall } from '../define.js';

/** The venue's phones waiting to join a seated party, oldest first, for staff to answer (issue 27). */
export const listPhoneJoins = defineCall({
  method: 'GET',
  path: '/api/phone-joins',
  summary: 'Phones waiting to join a party already seated',
  audience: ['staff', 'terminal'],
  tiers: ['cloud', 'terminal'],
  answer: z.object({ phones: z.array(PartyPhone) }),
  staleOn: ['party.phone.updated'],
});
