import type { Queryable, Trx } from '../context.js';
import type { PrinterRow } from './rows.js';

/** The venue's printers in use (removed ones are left out). */
export async function listPrinters(q: Queryable, venueId: string): Promise<PrinterRow[]> {
  return q<PrinterRow>('printers')
    .where({ venue_id: venueId })
    .whereNull('removed_at')
    .orderBy([{ column: 'name' }, { column: 'id' }]);
}

/**
 * A printer of the venue, locked for the rest of the transaction. A removed one too, unless
 * `inUse`: its terminal may still report the jobs it made on it.
 */
export async function lockPrinterInVenue(
  trx: Trx,
  venueId: string,
  id: string,
  opts: { inUse?: boolean } = {},
): Promise<PrinterRow | undefined> {
  const query = trx<PrinterRow>('printers').where({ venue_id: venueId, id });
  if (opts.inUse) query.whereNull('removed_at');
  return query.forUpdate().first();
}

/** The venue's printers among `ids`, locked in id order (so two batches never wait on each other). */
export async function lockPrintersInVenue(trx: Trx, venueId: string, ids: readonly string[]): Promise<PrinterRow[]> {
  if (ids.length === 0) return [];
  return trx<PrinterRow>('printers')
    .where({ venue_id: venueId })
    .whereIn('id', [...ids])
    .orderBy('id')
    .forUpdate();
}

/** Another printer in use in the venue with this name (any case), if there is one. */
export async function findPrinterNamed(
  q: Queryable,
  venueId: string,
  name: string,
  exceptId: string | null,
): Promise<PrinterRow | undefined> {
  const query = q<PrinterRow>('printers')
    .where({ venue_id: venueId })
    .whereNull('removed_at')
    .whereRaw('lower(name) = lower(?)', [name]);
  if (exceptId) query.whereNot({ id: exceptId });
  return query.first();
}

export async function insertPrinterRow(
  trx: Trx,
  row: Pick<
    PrinterRow,
    | 'id'
    | 'venue_id'
    | 'name'
    | 'location'
    | 'type'
    | 'station'
    | 'connection'
    | 'host'
    | 'port'
    | 'terminal_id'
    | 'backup_printer_id'
  > & { org_id: string },
): Promise<PrinterRow> {
  const [inserted] = await trx('printers')
    .insert({ ...row, status: 'UNKNOWN' })
    .returning<PrinterRow[]>('*');
  if (!inserted) throw new Error('Printer insert returned nothing');
  return inserted;
}

export async function updatePrinterRow(
  trx: Trx,
  id: string,
  patch: Partial<
    Pick<
      PrinterRow,
      | 'name'
      | 'location'
      | 'type'
      | 'station'
      | 'connection'
      | 'host'
      | 'port'
      | 'terminal_id'
      | 'backup_printer_id'
      | 'status'
    >
  > & { status_at?: Date | null; removed_at?: Date | null },
): Promise<PrinterRow> {
  const [row] = await trx('printers')
    .where({ id })
    .update({ ...patch, updated_at: trx.fn.now() })
    .returning<PrinterRow[]>('*');
  return row as PrinterRow;
}

/** Printers in use that name `backupId` as their backup: they have none once it is removed. */
export async function clearBackupOf(trx: Trx, venueId: string, backupId: string): Promise<PrinterRow[]> {
  return trx('printers')
    .where({ venue_id: venueId, backup_printer_id: backupId })
    .whereNull('removed_at')
    .update({ backup_printer_id: null, updated_at: trx.fn.now() })
    .returning<PrinterRow[]>('*');
}

/** The venue's receipt printer for a guest's paper receipt: no kitchen station, in use, driven by a
 * terminal (only a terminal prints); the first by name. */
export async function findReceiptPrinter(q: Queryable, venueId: string): Promise<PrinterRow | undefined> {
  return q<PrinterRow>('printers')
    .where({ venue_id: venueId })
    .whereNull('station')
    .whereNull('removed_at')
    .whereNotNull('terminal_id')
    .orderBy([{ column: 'name' }, { column: 'id' }])
    .first();
}
