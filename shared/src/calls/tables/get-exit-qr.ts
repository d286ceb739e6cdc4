import { defineCall } from '../define.js';
import { TableQrAnswer } from './get-table-qr.js';

/**
 * The venue's exit code (issue 11, guest exit): a signed link to the exit page that the guest's
 * exit scan reads and the checkout accepts for this venue only. Staff show or print it from
 * Generate Table QR. Only the cloud holds the signing key; the terminal asks it.
 */
export const getExitQr = defineCall({
  method: 'GET',
  path: '/api/venue/exit-qr',
  summary: "The venue's signed exit link, for the QR code guests scan to check out",
  audience: ['staff', 'terminal'],
  tiers: ['cloud', 'terminal'],
  answer: TableQrAnswer,
});
