import { z } from 'zod';
import { Terminal, Venue } from '../../schemas/entities.js';
import { defineCall } from '../define.js';

const TerminalMeAnswer = z.object({ terminal: Terminal, venue: Venue });

export const getTerminalMe = defineCall({
  method: 'GET',
  path: '/api/terminals/me',
  summary: 'The terminal the credential belongs to, and its venue',
  audience: ['terminal'],
  tiers: ['cloud'],
  answer: TerminalMeAnswer,
});
