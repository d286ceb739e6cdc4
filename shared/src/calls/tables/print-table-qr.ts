import { z } from 'zod';
import { Id, LocalId } from '../../schemas/common.js';
import { PrintJob } from '../../schemas/entities.js';
import { defineCall } from '../define.js';

/**
 * Prints a table's QR code on a printer this terminal drives (Generate Table QR's receipt-printer
 * print). The terminal asks the cloud for the signed link, so it needs the cloud, as the QR dialog.
 */
export const printTableQr = defineCall({
  method: 'POST',
  path: '/api/tables/:id/qr/print',
  summary: "Print a table's check-in QR code on a receipt printer",
  audience: ['staff'],
  tiers: ['terminal'],
  params: z.object({ id: Id }),
  entity: 'Table',
  body: z.object({ printerId: LocalId }),
  answer: PrintJob,
  status: 201,
});
