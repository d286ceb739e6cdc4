import { z } from 'zod';
import { Id } from '../../schemas/common.js';
import { PartyPhone } from '../../schemas/party-phone.js';
import { defineCall } from '../define.js';
import { PhoneVerdict } from './answer-party-phone.js';

/** Staff let a phone that asked to join a seated party in, or turn it away (issue 27). */
export const answerPhoneJoin = defineCall({
  method: 'POST',
  path: '/api/phone-joins/:id/decision',
  summary: 'Let a phone that asked to join a seated party in, or turn it away',
  audience: ['staff', 'terminal'],
  tiers: ['cloud', 'terminal'],
  params: z.object({ id: Id }),
  entity: 'Phone',
  body: PhoneVerdict,
  answer: PartyPhone,
});
