// The venue's printers and the states their terminals reported.
// Rows map to the shared schemas' shapes; nothing here decides anything.
import type { Printer } from '@tablewise/shared';
import type { AnyDb, WriteDb } from '../replica.js';

interface PrinterRow {
  id: string;
  venue_id: string;
  name: string;
  location: string | null;
  type: string;
  station: string | null;
  connection: Printer['connection'];
  host: string | null;
  port: number | null;
  terminal_id: string | null;
  status: Printer['status'];
  backup_printer_id: string | null;
}
function toPrinter(r: PrinterRow): Printer {
  return {
    id: r.id,
    venueId: r.venue_id,
    name: r.name,
    location: r.location,
    type: r.type,
    station: r.station,
    connection: r.connection,
    host: r.host,
    port: r.port,
    terminalId: r.terminal_id,
    status: r.status,
    backupPrinterId: r.backup_printer_id,
  };
}
export function listPrinters(db: AnyDb): Printer[] {
  return (db.sql.prepare('SELECT * FROM printers ORDER BY name').all() as PrinterRow[]).map(toPrinter);
}
/** The terminal that drives a printer (null: none, or no such printer). */
export function getPrinterTerminal(db: AnyDb, printerId: string): string | null {
  const row = db.sql.prepare('SELECT terminal_id FROM printers WHERE id = ?').get(printerId) as
    | { terminal_id: string | null }
    | undefined;
  return row?.terminal_id ?? null;
}

export function putPrinter(db: WriteDb, p: Printer): void {
  db.sql
    .prepare(
      `INSERT OR REPLACE INTO printers (id, venue_id, name, location, type, station, connection, host, port, terminal_id,
         status, backup_printer_id)
       VALUES (@id, @venueId, @name, @location, @type, @station, @connection, @host, @port, @terminalId, @status,
         @backupPrinterId)`,
    )
    .run({ ...p, backupPrinterId: p.backupPrinterId ?? null });
}

/** A printer removed from the venue: this terminal no longer shows or drives it. */
export function deletePrinter(db: WriteDb, id: string): void {
  db.sql.prepare('DELETE FROM printers WHERE id = ?').run(id);
}

/** A printer's state as its terminal reported it to the cloud. */
export function setPrinterStatus(db: WriteDb, printerId: string, status: Printer['status']): void {
  db.sql.prepare('UPDATE printers SET status = ? WHERE id = ?').run(status, printerId);
}
