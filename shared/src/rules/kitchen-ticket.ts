// The kitchen ticket: what a station's printer puts on paper when items reach the kitchen.
// The layout is pure so the terminal's byte builder, the emulator's tests and any preview screen
// agree on the same lines; the time is shown in the venue's timezone, never the terminal's.
import { z } from 'zod';
import { COURSES } from '../constants.js';
import { Course } from '../schemas/entities.js';
import { paperText } from './paper-text.js';
import { isTimeZone, ticketTimeFormat } from './time-zone.js';

const KitchenTicketItem = z.object({
  quantity: z.number().int().min(1, { error: 'Quantity must be at least 1' }),
  name: z.string().min(1, { error: 'Item name is required' }),
  modifiers: z.array(z.string()),
  notes: z.string().nullable(),
  course: Course,
});

export const KitchenTicket = z.object({
  tableName: z.string().nullable(),
  orderId: z.string().min(1, { error: 'Order id is required' }),
  station: z.string().nullable(),
  items: z.array(KitchenTicketItem).min(1, { error: 'A kitchen ticket needs at least one item' }),
  /** Coerced so a ticket read back from its stored JSON (an ISO string) parses to the same Date. */
  firedAt: z.coerce.date(),
  timezone: z.string().refine(isTimeZone, { error: 'Unknown timezone' }),
});
export type KitchenTicket = z.infer<typeof KitchenTicket>;

type TicketAlign = 'left' | 'center' | 'right';
/** normal; tall = double height; large = double height and width. */
type TicketSize = 'normal' | 'tall' | 'large';
export type TicketLine =
  | { kind: 'text'; text: string; size: TicketSize; bold: boolean; align: TicketAlign }
  | { kind: 'rule' }
  /** A QR symbol of `data`, centred (a table's check-in link). */
  | { kind: 'qr'; data: string }
  /** Open the cash drawer on the printer's drawer port (ESC/POS drawer kick; a cash payment's receipt). */
  | { kind: 'drawer' };

/** The banner a reprinted ticket or receipt starts with. */
export const REPRINT_BANNER = '*** REPRINT ***';
/**
 * The line on a ticket that a station's backup printer prints for a faulty one: the cooks there
 * know whose ticket it is and carry it over.
 * @internal exported for tests of the ticket and of printing
 */
export function backupBanner(originalPrinterName: string): string {
  return `BACKUP — ${originalPrinterName}`;
}
const TICKET_NO_TABLE = 'No table';
const TICKET_DEFAULT_STATION = 'KITCHEN';

const COURSE_HEADINGS: Record<Course, string> = {
  appetizer: 'APPETIZERS',
  main: 'MAINS',
  dessert: 'DESSERTS',
  drink: 'DRINKS',
};

/**
 * The short form of an order id printed on tickets: its last 8 characters.
 * @internal exported for its tests (issue 10's orders screen shows the same short id)
 */
export function shortOrderId(orderId: string): string {
  return orderId.slice(-8);
}

/** The fire time as staff read it in the venue: "Jun 14, 7:42 PM" (tickets, and the kitchen display's printer banner). */
export function ticketTime(at: Date, timezone: string): string {
  if (Number.isNaN(at.getTime())) throw new Error('Invalid ticket time');
  const format = ticketTimeFormat(timezone);
  if (!format) throw new Error(`Unknown timezone ${timezone}`);
  return format.format(at);
}

function text(
  value: string,
  hints: Partial<Omit<Extract<TicketLine, { kind: 'text' }>, 'kind' | 'text'>> = {},
): TicketLine {
  return {
    kind: 'text',
    // Every field reaches paper through here, so every field is cleaned, once.
    text: paperText(value),
    size: hints.size ?? 'normal',
    bold: hints.bold ?? false,
    align: hints.align ?? 'left',
  };
}

/**
 * The lines of a kitchen ticket: station, table, order, time, then the items grouped by course in
 * course order. A reprint carries the banner at the top and the bottom so a cook who sees the
 * second copy knows the first may already be on the rail. A copy printed on a backup printer
 * (`backupOf`, the name of the printer it stands in for) says so at the top and the bottom too.
 */
export function kitchenTicketLines(
  input: KitchenTicket,
  opts: { reprint: boolean; backupOf?: string | null },
): TicketLine[] {
  const ticket = KitchenTicket.parse(input);
  const lines: TicketLine[] = [];
  const banner = text(REPRINT_BANNER, { size: 'large', bold: true, align: 'center' });
  const backup = opts.backupOf
    ? text(backupBanner(opts.backupOf), { size: 'tall', bold: true, align: 'center' })
    : null;
  if (backup) lines.push(backup);
  if (opts.reprint) lines.push(banner);
  lines.push(text((ticket.station ?? TICKET_DEFAULT_STATION).toUpperCase(), { bold: true, align: 'center' }));
  lines.push(
    // The table's name is what the floor calls it ("Table 12", "Patio 21"): printed as it is.
    text(ticket.tableName ?? TICKET_NO_TABLE, {
      size: 'large',
      bold: true,
      align: 'center',
    }),
  );
  lines.push(text(`Order #${shortOrderId(ticket.orderId)}`));
  lines.push(text(`Fired ${ticketTime(ticket.firedAt, ticket.timezone)}`));
  for (const course of COURSES) {
    const items = ticket.items.filter((item) => item.course === course);
    if (items.length === 0) continue;
    lines.push({ kind: 'rule' });
    lines.push(text(COURSE_HEADINGS[course], { bold: true }));
    for (const item of items) {
      lines.push(text(`${item.quantity} x ${item.name}`, { size: 'tall', bold: true }));
      for (const modifier of item.modifiers) lines.push(text(`  + ${modifier}`));
      if (item.notes && item.notes.trim() !== '') lines.push(text(`  Note: ${item.notes.trim()}`));
    }
  }
  lines.push({ kind: 'rule' });
  const count = ticket.items.reduce((sum, item) => sum + item.quantity, 0);
  lines.push(text(`${count} ${count === 1 ? 'item' : 'items'}`, { align: 'right' }));
  if (opts.reprint) lines.push(banner);
  if (backup) lines.push(backup);
  return lines;
}

/** The lines of a test print from the printer management screen. */
export function testPrintLines(input: {
  printerName: string;
  content: string;
  at: Date;
  timezone: string;
  reprint: boolean;
}): TicketLine[] {
  const lines: TicketLine[] = [];
  if (input.reprint) lines.push(text(REPRINT_BANNER, { size: 'large', bold: true, align: 'center' }));
  lines.push(text('TEST PRINT', { size: 'large', bold: true, align: 'center' }));
  lines.push(text(input.printerName, { align: 'center' }));
  lines.push(text(ticketTime(input.at, input.timezone), { align: 'center' }));
  lines.push({ kind: 'rule' });
  for (const line of input.content.split(/\r?\n/)) lines.push(text(line));
  return lines;
}
