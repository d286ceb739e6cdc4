import { z } from 'zod';
import { boundedText } from '../../schemas/common.js';
import { MeAnswer } from '../../schemas/entities.js';
import { defineCall } from '../define.js';

export const LoginRequest = z.object({
  // 254 is the longest address mail can carry.
  email: boundedText(254).min(1, { error: 'Email is required' }),
  // Not trimmed: the password is checked exactly as typed; 256 leaves room for any passphrase.
  password: boundedText(256, { trim: false }).min(1, { error: 'Password is required' }),
});
export type LoginRequest = z.infer<typeof LoginRequest>;

/** Staff sign-in; sets the HttpOnly session cookie. On a terminal, checked against the cloud, or
 * offline against a sign-in made there before. */
export const login = defineCall({
  method: 'POST',
  path: '/api/auth/login',
  summary: 'Sign in with email and password',
  audience: ['public'],
  tiers: ['cloud', 'terminal'],
  body: LoginRequest,
  answer: MeAnswer,
});
