import { z } from 'zod';
import { isPairingCode, normalizePairingCode, PAIRING_CODE_TEXTS } from '../../rules/pairing-code.js';
import { Terminal } from '../../schemas/entities.js';
import { defineCall } from '../define.js';

/**
 * A terminal pairs with the code a manager made (issue 24): once, within its minutes, and a few
 * tries a minute per address. Answers the terminal and its credential, shown once, as
 * POST /api/terminals does for a manager's session.
 */
export const pairWithCode = defineCall({
  method: 'POST',
  path: '/api/terminals/pair',
  summary: 'Pair a terminal with a pairing code',
  audience: ['public'],
  tiers: ['cloud'],
  /** As typed ('abcd ef23' is ABCDEF23); a code of another shape is refused before any try counts. */
  body: z.strictObject({
    code: z
      .string()
      .max(40)
      .transform(normalizePairingCode)
      .refine(isPairingCode, { error: PAIRING_CODE_TEXTS.wrongShape }),
  }),
  answer: z.object({ terminal: Terminal, credential: z.string() }),
  status: 201,
});
