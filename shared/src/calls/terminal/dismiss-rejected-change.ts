import { z } from 'zod';
import { LocalId } from '../../schemas/common.js';
import { defineCall } from '../define.js';
import { TerminalStatusAnswer } from './get-terminal-status.js';

/** Staff have read a change the cloud refused; it leaves the list. */
export const dismissRejectedChange = defineCall({
  method: 'POST',
  path: '/api/terminal/outbox/:id/dismiss',
  summary: 'Dismiss a refused change',
  audience: ['staff'],
  tiers: ['terminal'],
  params: z.object({ id: LocalId }),
  entity: 'Rejected change',
  answer: TerminalStatusAnswer,
});
