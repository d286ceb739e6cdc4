import type { Queryable } from '../context.js';
import type { PrinterRow } from './rows.js';

export async function listPrinters(q: Queryable, venueId: string): Promise<PrinterRow[]> {
  return q<PrinterRow>('printers')
    .where({ venue_id: venueId })
    .orderBy([{ column: 'name' }, { column: 'id' }]);
}
