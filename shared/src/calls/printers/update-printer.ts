import { z } from 'zod';
import { Id } from '../../schemas/common.js';
import { Printer } from '../../schemas/entities.js';
import { defineCall } from '../define.js';

/**
 * Moves a printer to another terminal or names its backup. Every replica learns it from the
 * `printer.updated` event, so the terminal that now drives the printer starts printing to it at
 * once, and the one that drove it stops.
 */
export const updatePrinter = defineCall({
  method: 'PATCH',
  path: '/api/printers/:id',
  summary: "Change which terminal drives a printer, or the printer's backup",
  audience: ['staff'],
  tiers: ['cloud'],
  permission: 'MANAGE_SETTINGS',
  params: z.object({ id: Id }),
  entity: 'Printer',
  body: z
    .strictObject({
      /** The terminal that drives it from now on; null: none. */
      terminalId: Id.nullable().optional(),
      /** Another printer of the venue for this one's kitchen tickets while it is faulty; null: none. */
      backupPrinterId: Id.nullable().optional(),
    })
    .refine((b) => b.terminalId !== undefined || b.backupPrinterId !== undefined, {
      error: 'names nothing to change (terminalId, backupPrinterId)',
    }),
  answer: Printer,
  staleOn: ['printer.updated'],
});
