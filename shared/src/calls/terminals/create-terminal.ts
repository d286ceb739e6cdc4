import { z } from 'zod';
import { Terminal } from '../../schemas/entities.js';
import { defineCall } from '../define.js';

const CreateTerminalRequest = z.object({ name: z.string().trim().min(1, { error: 'Name is required' }) });

/** Pairing: a manager makes a terminal and receives its credential, shown once. */
export const createTerminal = defineCall({
  method: 'POST',
  path: '/api/terminals',
  summary: 'Pair a new terminal to the venue',
  audience: ['staff'],
  tiers: ['cloud'],
  body: CreateTerminalRequest,
  answer: z.object({ terminal: Terminal, credential: z.string() }),
  status: 201,
});
