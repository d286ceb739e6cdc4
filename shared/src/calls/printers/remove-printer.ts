import { z } from 'zod';
import { Id } from '../../schemas/common.js';
import { Printer } from '../../schemas/entities.js';
import { defineCall } from '../define.js';

/**
 * Removes a printer from the venue. Its history stays (print jobs a terminal still reports are
 * kept); printers that named it as their backup have none from now on. Every replica forgets it
 * from the `printer.removed` event.
 */
export const removePrinter = defineCall({
  method: 'DELETE',
  path: '/api/printers/:id',
  summary: 'Remove a printer from the venue',
  audience: ['staff'],
  tiers: ['cloud'],
  params: z.object({ id: Id }),
  entity: 'Printer',
  answer: Printer,
  permission: 'MANAGE_SETTINGS',
});
