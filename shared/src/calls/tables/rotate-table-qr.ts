import { z } from 'zod';
import { Id } from '../../schemas/common.js';
import { defineCall } from '../define.js';
import { TableQrAnswer } from './get-table-qr.js';

/** Retires a table's code: codes printed or photographed before stop working (issue 7). */
export const rotateTableQr = defineCall({
  method: 'POST',
  path: '/api/tables/:id/qr/rotate',
  summary: "Replace a table's QR code with a new one; every earlier code of the table stops working",
  audience: ['staff'],
  tiers: ['cloud'],
  params: z.object({ id: Id }),
  entity: 'Table',
  answer: TableQrAnswer,
});
