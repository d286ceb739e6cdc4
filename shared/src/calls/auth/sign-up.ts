import { z } from 'zod';
import { boundedText } from '../../schemas/common.js';
import { MeAnswer } from '../../schemas/entities.js';
import { defineCall } from '../define.js';

export const SignUpRequest = z.object({
  email: boundedText(254).min(1, { error: 'Email is required' }),
  password: boundedText(256, { trim: false }),
  firstName: boundedText(100).optional(),
  lastName: boundedText(100).optional(),
  organizationName: boundedText(200),
  venue: z.object({
    name: boundedText(200),
    address: boundedText(500).nullish(),
    timezone: boundedText(100),
    latitude: z.number().finite().nullish(),
    longitude: z.number().finite().nullish(),
  }),
});
export type SignUpRequest = z.infer<typeof SignUpRequest>;

/**
 * A new owner's account (issue 24): the user, their organization on the FREE plan, its first venue
 * and the owner's role, in one transaction; then signed in to that venue as sign-in does.
 */
export const signUp = defineCall({
  method: 'POST',
  path: '/api/auth/signup',
  summary: 'Create an owner account with its organization and first venue, and sign in',
  audience: ['public'],
  tiers: ['cloud'],
  body: SignUpRequest,
  answer: MeAnswer,
  status: 201,
});
