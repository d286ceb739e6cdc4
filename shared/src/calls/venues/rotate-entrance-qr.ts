import { defineCall } from '../define.js';
import { EntranceQrAnswer } from './get-entrance-qr.js';

/**
 * Replaces the venue's entrance code (issue 27): codes printed, photographed or shared before stop
 * checking anyone in. Like a table's code (rotate-table-qr.ts), by its generation.
 */
export const rotateEntranceQr = defineCall({
  method: 'POST',
  path: '/api/venue/entrance-qr/rotate',
  summary: "Replace the venue's entrance QR code with a new one; every earlier entrance code stops working",
  audience: ['staff'],
  tiers: ['cloud'],
  answer: EntranceQrAnswer,
  permission: 'MANAGE_VENUES',
});
