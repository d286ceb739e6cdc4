import { z } from 'zod';
import { boundedText, Id } from '../../schemas/common.js';
import { WaitlistEntry } from '../../schemas/entities.js';
import { defineCall } from '../define.js';

/**
 * Notifies the next waiting party (spec 3 section 7's POST /api/waitlist/notify-next): with a
 * table, the first in line that the table can seat; without, the first in line. Answers the party
 * notified, or null when nobody waits who fits. The guest's waitlist page hears it live.
 */
export const notifyNextParty = defineCall({
  method: 'POST',
  path: '/api/waitlist/notify-next',
  summary: 'Notify the next waiting party, the first that fits the table when one is named',
  audience: ['staff', 'terminal'],
  tiers: ['cloud'],
  body: z.strictObject({
    tableId: Id.optional(),
    reason: boundedText(100).optional(),
    automated: z.boolean().optional(),
  }),
  answer: z.object({ notified: WaitlistEntry.nullable() }),
});
