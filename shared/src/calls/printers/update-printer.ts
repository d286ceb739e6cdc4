import { z } from 'zod';
import { Id } from '../../schemas/common.js';
import { Printer } from '../../schemas/entities.js';
import { defineCall } from '../define.js';
import { PrinterChange } from './printer-settings.js';

/**
 * Changes a printer's settings: its name and place, its station, its address, which terminal drives
 * it, its backup. Every replica learns it from the `printer.updated` event, so the terminal that
 * now drives the printer starts printing to it at once, and the one that drove it stops.
 */
export const updatePrinter = defineCall({
  method: 'PATCH',
  path: '/api/printers/:id',
  summary: "Change a printer's settings, which terminal drives it, or its backup",
  audience: ['staff'],
  tiers: ['cloud'],
  permission: 'MANAGE_SETTINGS',
  params: z.object({ id: Id }),
  entity: 'Printer',
  body: PrinterChange,
  answer: Printer,
  staleOn: ['printer.updated'],
});
