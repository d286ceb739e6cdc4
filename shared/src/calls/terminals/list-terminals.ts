import { z } from 'zod';
import { Terminal } from '../../schemas/entities.js';
import { defineCall } from '../define.js';

/** The venue's paired terminals (not revoked), by name: the ones a printer can be driven by. */
export const listTerminals = defineCall({
  method: 'GET',
  path: '/api/terminals',
  summary: "The venue's paired terminals",
  audience: ['staff'],
  tiers: ['cloud'],
  answer: z.array(Terminal),
});
