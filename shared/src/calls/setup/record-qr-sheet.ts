import { z } from 'zod';
import { defineCall } from '../define.js';

/** Records that the venue's table QR sheet was opened to print (the checklist's QR step). */
export const recordQrSheetPrinted = defineCall({
  method: 'POST',
  path: '/api/setup/qr-sheet',
  summary: 'Record that the table QR sheet was opened to print',
  audience: ['staff'],
  tiers: ['cloud'],
  answer: z.object({ printedAt: z.string() }),
});
