// What a manager sets on a printer: its name and place, the station it serves (none: receipts),
// how it is reached (a network host and port, or a USB device node), the terminal that drives it
// and its backup. One schema for adding and, field by field, for changing.
import { z } from 'zod';
import { PRINTER_CONNECTIONS } from '../../constants.js';
import { SERVICE_MESSAGES } from '../../messages.js';
import { boundedText, Id } from '../../schemas/common.js';

const fields = {
  name: boundedText(60).min(1, { error: 'is required' }),
  location: boundedText(100).nullable(),
  /** The kind of printer as staff call it ("thermal", "impact"). */
  type: boundedText(40).min(1, { error: 'is required' }),
  /** The kitchen station it prints tickets for; null or empty: a receipt printer. */
  station: boundedText(100)
    .nullable()
    .transform((s) => (s === '' ? null : s)),
  connection: z.enum(PRINTER_CONNECTIONS),
  /** A network printer's IP address or host name, or a USB printer's device node. */
  host: boundedText(255).nullable(),
  port: z.number().int().min(1).max(65_535).nullable(),
  /** The terminal that drives it; null: none yet. */
  terminalId: Id.nullable(),
  /** Another printer of the venue for its kitchen tickets while it is faulty; null: none. */
  backupPrinterId: Id.nullable(),
};

/** Where a printer's address is incomplete or contradicts its connection: [field, message]. */
export function printerAddressProblem(p: {
  connection: (typeof PRINTER_CONNECTIONS)[number];
  host: string | null;
  port: number | null;
}): [field: 'host' | 'port', message: string] | null {
  const host = p.host?.trim() ?? '';
  switch (p.connection) {
    case 'tcp':
      if (host === '') return ['host', SERVICE_MESSAGES.printerHostRequired];
      if (p.port === null) return ['port', SERVICE_MESSAGES.printerPortRequired];
      return null;
    case 'usb':
      if (host === '') return ['host', SERVICE_MESSAGES.printerDeviceRequired];
      if (p.port !== null) return ['port', SERVICE_MESSAGES.printerPortUsb];
      return null;
    default: {
      const never: never = p.connection;
      throw new Error(`Unknown printer connection ${String(never)}`);
    }
  }
}

export const NewPrinter = z
  .strictObject({
    name: fields.name,
    location: fields.location.default(null),
    type: fields.type.default('thermal'),
    station: fields.station.default(null),
    connection: fields.connection.default('tcp'),
    host: fields.host.default(null),
    port: fields.port.default(null),
    terminalId: fields.terminalId.default(null),
    backupPrinterId: fields.backupPrinterId.default(null),
  })
  .superRefine((p, ctx) => {
    const problem = printerAddressProblem(p);
    if (problem) ctx.addIssue({ code: 'custom', path: [problem[0]], message: problem[1] });
  });
export type NewPrinter = z.input<typeof NewPrinter>;

/** A change names only what changes; the address is checked against the printer as it will be. */
export const PrinterChange = z
  .strictObject({
    name: fields.name.optional(),
    location: fields.location.optional(),
    type: fields.type.optional(),
    station: fields.station.optional(),
    connection: fields.connection.optional(),
    host: fields.host.optional(),
    port: fields.port.optional(),
    terminalId: fields.terminalId.optional(),
    backupPrinterId: fields.backupPrinterId.optional(),
  })
  .refine((b) => Object.values(b).some((v) => v !== undefined), {
    error:
      'names nothing to change (name, location, type, station, connection, host, port, terminalId, backupPrinterId)',
  });
export type PrinterChange = z.input<typeof PrinterChange>;
