import { z } from 'zod';
import { boundedText } from '../../schemas/common.js';
import { Terminal } from '../../schemas/entities.js';
import { defineCall } from '../define.js';

const CreateTerminalRequest = z.object({ name: boundedText(100).min(1, { error: 'Name is required' }) });

/** Pairing: a manager makes a terminal and receives its credential, shown once. */
export const createTerminal = defineCall({
  method: 'POST',
  path: '/api/terminals',
  summary: 'Pair a new terminal to the venue',
  audience: ['staff'],
  tiers: ['cloud'],
  permission: 'MANAGE_SETTINGS',
  body: CreateTerminalRequest,
  answer: z.object({ terminal: Terminal, credential: z.string() }),
  status: 201,
});
