import { z } from 'zod';
import { MeAnswer } from '../../schemas/entities.js';
import { defineCall } from '../define.js';

export const LoginRequest = z.object({
  email: z.string().trim().min(1, { error: 'Email is required' }),
  password: z.string().min(1, { error: 'Password is required' }),
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
