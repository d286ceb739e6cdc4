import type { Queryable, Trx } from '../context.js';
import type { PrinterRow } from './rows.js';

export async function listPrinters(q: Queryable, venueId: string): Promise<PrinterRow[]> {
  return q<PrinterRow>('printers')
    .where({ venue_id: venueId })
    .orderBy([{ column: 'name' }, { column: 'id' }]);
}

/** A printer of the venue, locked for the rest of the transaction. */
export async function lockPrinterInVenue(trx: Trx, venueId: string, id: string): Promise<PrinterRow | undefined> {
  return trx<PrinterRow>('printers').where({ venue_id: venueId, id }).forUpdate().first();
}

export async function updatePrinterRow(
  trx: Trx,
  id: string,
  patch: Partial<Pick<PrinterRow, 'terminal_id' | 'backup_printer_id' | 'status'>> & { status_at?: Date | null },
): Promise<PrinterRow> {
  const [row] = await trx('printers')
    .where({ id })
    .update({ ...patch, updated_at: trx.fn.now() })
    .returning<PrinterRow[]>('*');
  return row as PrinterRow;
}
