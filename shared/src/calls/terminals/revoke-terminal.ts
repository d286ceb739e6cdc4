import { z } from 'zod';
import { Id } from '../../schemas/common.js';
import { Terminal } from '../../schemas/entities.js';
import { defineCall } from '../define.js';

export const revokeTerminal = defineCall({
  method: 'DELETE',
  path: '/api/terminals/:id',
  summary: "Revoke a terminal's credential; its sockets close",
  audience: ['staff'],
  tiers: ['cloud'],
  permission: 'MANAGE_SETTINGS',
  params: z.object({ id: Id }),
  entity: 'Terminal',
  answer: Terminal,
});
