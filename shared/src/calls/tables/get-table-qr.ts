import { z } from 'zod';
import { Id } from '../../schemas/common.js';
import { defineCall } from '../define.js';

export const TableQrAnswer = z.object({ url: z.string(), token: z.string() });
export type TableQrAnswer = z.infer<typeof TableQrAnswer>;

export const getTableQr = defineCall({
  method: 'GET',
  path: '/api/tables/:id/qr',
  summary: "A table's signed check-in link, for its QR code",
  audience: ['staff', 'terminal'],
  /** The terminal asks the cloud: only the cloud holds the signing key. */
  tiers: ['cloud', 'terminal'],
  params: z.object({ id: Id }),
  entity: 'Table',
  answer: TableQrAnswer,
});
