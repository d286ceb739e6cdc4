import { z } from 'zod';
import { boundedText, IsoDateTime } from '../../schemas/common.js';
import { defineCall } from '../define.js';

/**
 * Pairing by a short code (issue 24): a manager makes a code for the venue the session works at,
 * to type on the terminal (POST /api/terminals/pair). The code is shown once; the cloud keeps only
 * its hash. Within the plan's paired terminals when it is used.
 */
export const createPairingCode = defineCall({
  method: 'POST',
  path: '/api/terminals/pairing-codes',
  summary: 'Make a short code a new terminal pairs with',
  audience: ['staff'],
  tiers: ['cloud'],
  permission: 'MANAGE_SETTINGS',
  body: z.object({ name: boundedText(100).min(1, { error: 'Name is required' }) }),
  answer: z.object({ code: z.string(), name: z.string(), expiresAt: IsoDateTime }),
  status: 201,
});
