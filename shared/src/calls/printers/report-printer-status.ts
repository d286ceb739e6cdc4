import { z } from 'zod';
import { Id, IsoDateTime } from '../../schemas/common.js';
import { Printer } from '../../schemas/entities.js';
import { defineCall } from '../define.js';

/**
 * A terminal reports the state it last learnt from a printer it drives (through its outbox, in
 * order), so a manager working remotely sees it at the cloud's GET /api/printers.
 */
export const reportPrinterStatus = defineCall({
  method: 'POST',
  path: '/api/printers/:id/status',
  summary: 'Report a printer state learnt from the printer (terminals)',
  audience: ['terminal'],
  tiers: ['cloud'],
  params: z.object({ id: Id }),
  entity: 'Printer',
  body: z.strictObject({ status: Printer.shape.status, at: IsoDateTime }),
  answer: Printer,
});
