import { z } from 'zod';
import { defineCall } from '../define.js';

export const logout = defineCall({
  method: 'POST',
  path: '/api/auth/logout',
  summary: 'Sign out and drop the session cookie',
  audience: ['public'],
  tiers: ['cloud', 'terminal'],
  answer: z.object({ success: z.literal(true) }),
});
