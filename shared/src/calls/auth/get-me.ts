import { MeAnswer } from '../../schemas/entities.js';
import { defineCall } from '../define.js';

export const getMe = defineCall({
  method: 'GET',
  path: '/api/auth/me',
  summary: 'The signed-in staff member and their role at the venue',
  audience: ['staff'],
  tiers: ['cloud', 'terminal'],
  answer: MeAnswer,
});
