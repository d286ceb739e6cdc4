import { Printer } from '../../schemas/entities.js';
import { defineCall } from '../define.js';
import { NewPrinter } from './printer-settings.js';

/** Adds a printer to the venue; the terminal named to drive it learns it from `printer.updated`. */
export const createPrinter = defineCall({
  method: 'POST',
  path: '/api/printers',
  summary: 'Add a printer (network or USB) to the venue',
  audience: ['staff'],
  tiers: ['cloud'],
  body: NewPrinter,
  answer: Printer,
  status: 201,
  permission: 'MANAGE_SETTINGS',
});
