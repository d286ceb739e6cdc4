import { defineCall } from '../define.js';
import { ScanAnswer, ScanTableRequest } from './scan-answer.js';

/** The entrance code and a table's code are the same signed link; at the entrance any table's
 * code is accepted and leads to check-in at that table. */
export const scanEntrance = defineCall({
  method: 'POST',
  path: '/api/guest/scan-entrance',
  summary: 'Check a code scanned at the entrance and lead to check-in',
  audience: ['public'],
  tiers: ['cloud'],
  body: ScanTableRequest.pick({ qrData: true }),
  answer: ScanAnswer,
});
