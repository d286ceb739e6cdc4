import { SCAN_TABLE_PATH } from '../../rules/guest-checkin.js';
import { defineCall } from '../define.js';
import { ScanAnswer, ScanTableRequest } from './scan-answer.js';

/** Table mode: with expectedTableId, a code of another table answers success:false naming it. */
export const scanTable = defineCall({
  method: 'POST',
  path: SCAN_TABLE_PATH,
  summary: "Check a scanned table code and lead to that table's check-in",
  audience: ['public'],
  tiers: ['cloud'],
  body: ScanTableRequest,
  answer: ScanAnswer,
});
