import { z } from 'zod';
import { Id } from '../../schemas/common.js';
import { PartyPhone } from '../../schemas/party-phone.js';
import { defineCall } from '../define.js';

export const PhoneVerdict = z.object({ approve: z.boolean() });

/** A phone of the party lets a phone that asked to join in, or turns it away (issue 27). */
export const answerPartyPhone = defineCall({
  method: 'POST',
  path: '/api/guest/phones/:id/decision',
  summary: 'Let a phone that asked to join the party in, or turn it away',
  audience: ['guest'],
  tiers: ['cloud'],
  params: z.object({ id: Id }),
  entity: 'Phone',
  body: PhoneVerdict,
  answer: PartyPhone,
});
