// Receipts on a receipt printer: the host console's slips and reports (POST /api/print/receipt) and
// the guest's paid bill. Each layout is a pure function of plain data, so the terminal's byte
// builder, the printer management screen's template preview and the payments screens draw the
// same lines. Money is integer cents; times are shown in the venue's timezone.
import { z } from 'zod';
import { DEFAULT_TIMEZONE, PRINT_RECEIPT_TYPES } from '../constants.js';
import { IsoDateTime } from '../schemas/common.js';
import { REPRINT_BANNER, type TicketLine, ticketTime } from './kitchen-ticket.js';
import { displayMoney } from './money.js';
import { paperText } from './paper-text.js';
import { isTimeZone } from './time-zone.js';

/**
 * The printers a terminal may print a staff paper on (a summary, a report): those it drives,
 * receipt printers (no station) first, then the kitchen's, each by name. The host's Print Summary
 * prints on the first receipt printer, and offers the others and the browser when there is none.
 */
export function paperPrinters<P extends { name: string; station: string | null; terminalId: string | null }>(
  printers: readonly P[],
  terminalId: string | null,
): P[] {
  const receiptFirst = (p: P) => (p.station === null ? 0 : 1);
  return printers
    .filter((p) => terminalId !== null && p.terminalId === terminalId)
    .sort((a, b) => receiptFirst(a) - receiptFirst(b) || a.name.localeCompare(b.name));
}

/** The words receipts print, once. */
const RECEIPT_LABELS = {
  daily_summary: 'DAILY SUMMARY',
  shift_report: 'SHIFT REPORT',
  end_of_day: 'END OF DAY',
  waitlist_ticket: 'WAITLIST',
  reservation_confirmation: 'RESERVATION CONFIRMED',
  guestReceipt: 'RECEIPT',
  printed: 'Printed',
  position: 'Position in line',
  party: 'Party of',
  quotedWait: 'Quoted wait',
  minutes: 'min',
  waitlistFooter: 'We will call you when your table is ready.',
  when: 'When',
  phone: 'Phone',
  occasion: 'Occasion',
  requests: 'Requests',
  reservationFooter: 'We look forward to seeing you.',
  table: 'Table',
  order: 'Order',
  subtotal: 'Subtotal',
  tax: 'Tax',
  serviceCharge: 'Service charge',
  tip: 'Tip',
  total: 'TOTAL',
  paidWith: 'Paid with',
  paid: 'PAID',
  unpaid: 'NOT PAID',
  thanks: 'Thank you!',
} as const;

const Cents = z.number().int().min(0).max(100_000_000);
const Text = (max: number) => z.string().max(max);
const Timezone = z.string().refine(isTimeZone, { error: 'Unknown timezone' });

/** The heading of every receipt: the venue's name when known, and the zone its times are shown in
 * (absent, the venue's: the terminal fills it in before printing, issue 23). */
const Heading = { venueName: Text(100).nullable().default(null), timezone: Timezone.optional() };

/** The zone a receipt's times are shown in. */
const zoneOf = (r: { timezone?: string | undefined }): string => r.timezone ?? DEFAULT_TIMEZONE;

/** A report of counts for a period: the daily summary, a shift report, the end of day. */
const SummaryReport = z.object({
  ...Heading,
  /** What the report covers as staff say it ("Wed Jun 14", "Lunch shift"). */
  period: Text(100).min(1, { error: 'is required' }),
  rows: z
    .array(z.object({ label: Text(60).min(1, { error: 'is required' }), value: Text(60) }))
    .min(1, { error: 'A report needs at least one row' })
    .max(100),
  printedAt: IsoDateTime,
});
type SummaryReport = z.infer<typeof SummaryReport>;

const WaitlistTicket = z.object({
  ...Heading,
  guestName: Text(100).min(1, { error: 'Guest name is required' }),
  partySize: z.number().int().min(1).max(20),
  position: z.number().int().min(1).max(1000),
  quotedMinWait: z.number().int().min(0).max(600),
  quotedMaxWait: z.number().int().min(0).max(600),
  addedAt: IsoDateTime,
});
type WaitlistTicket = z.infer<typeof WaitlistTicket>;

const ReservationConfirmation = z.object({
  ...Heading,
  guestName: Text(100).min(1, { error: 'Guest name is required' }),
  partySize: z.number().int().min(1).max(20),
  slotStart: IsoDateTime,
  phone: Text(40).nullable().default(null),
  occasion: Text(60).nullable().default(null),
  specialRequests: Text(500).nullable().default(null),
});
type ReservationConfirmation = z.infer<typeof ReservationConfirmation>;

/** A guest's bill as paid (or presented): what the payments screens hand to the printer. */
export const GuestReceipt = z
  .object({
    document: z.literal('guest_receipt'),
    ...Heading,
    tableName: Text(60).nullable(),
    orderId: Text(100).nullable().default(null),
    lines: z
      .array(
        z.object({
          quantity: z.number().int().min(1).max(1000),
          name: Text(200).min(1, { error: 'Item name is required' }),
          modifiers: z.array(Text(200)).max(50).default([]),
          /** The line's total (quantity times unit price with modifiers). */
          amountCents: Cents,
        }),
      )
      .min(1, { error: 'A receipt needs at least one line' })
      .max(200),
    subtotalCents: Cents,
    taxCents: Cents,
    serviceChargeCents: Cents.default(0),
    tipCents: Cents.default(0),
    totalCents: Cents,
    /** How it was paid ("Card", "Cash", "Apple Pay"); null while unpaid. */
    method: Text(60).nullable(),
    paid: z.boolean(),
    at: IsoDateTime,
    /** A cash payment's receipt opens the cash drawer as it starts (ESC/POS drawer kick). */
    openDrawer: z.boolean().default(false),
  })
  .superRefine((r, ctx) => {
    const lines = r.lines.reduce((sum, l) => sum + l.amountCents, 0);
    if (lines !== r.subtotalCents)
      ctx.addIssue({ code: 'custom', path: ['subtotalCents'], message: 'does not match the sum of the lines' });
    if (r.subtotalCents + r.taxCents + r.serviceChargeCents + r.tipCents !== r.totalCents)
      ctx.addIssue({
        code: 'custom',
        path: ['totalCents'],
        message: 'does not match subtotal, tax, service charge and tip',
      });
  });
export type GuestReceipt = z.input<typeof GuestReceipt>;

/** What POST /api/print/receipt prints: the host console's five, and the guest's bill. */
const RECEIPT_KINDS = [...PRINT_RECEIPT_TYPES, 'guest_receipt'] as const;
export type ReceiptKind = (typeof RECEIPT_KINDS)[number];

/** The data each kind of receipt is laid out from. */
export const RECEIPT_DATA = {
  daily_summary: SummaryReport,
  shift_report: SummaryReport,
  end_of_day: SummaryReport,
  waitlist_ticket: WaitlistTicket,
  reservation_confirmation: ReservationConfirmation,
  guest_receipt: GuestReceipt,
} as const satisfies Record<ReceiptKind, z.ZodType>;

type Line = Extract<TicketLine, { kind: 'text' }>;
function text(value: string, hints: Partial<Omit<Line, 'kind' | 'text'>> = {}): TicketLine {
  return {
    kind: 'text',
    text: paperText(value),
    size: hints.size ?? 'normal',
    bold: hints.bold ?? false,
    align: hints.align ?? 'left',
  };
}

/** A label on the left and a value on the right of one line `width` characters wide. */
function pair(label: string, value: string, width: number, hints: Partial<Omit<Line, 'kind' | 'text'>> = {}) {
  const l = paperText(label);
  const v = paperText(value);
  const gap = Math.max(1, width - l.length - v.length);
  return text(`${l}${' '.repeat(gap)}${v}`, hints);
}

function top(title: string, venueName: string | null, reprint: boolean): TicketLine[] {
  const lines: TicketLine[] = [];
  if (reprint) lines.push(text(REPRINT_BANNER, { size: 'large', bold: true, align: 'center' }));
  if (venueName) lines.push(text(venueName, { size: 'tall', bold: true, align: 'center' }));
  lines.push(text(title, { bold: true, align: 'center' }));
  return lines;
}

function bottom(reprint: boolean): TicketLine[] {
  return reprint ? [text(REPRINT_BANNER, { size: 'large', bold: true, align: 'center' })] : [];
}

interface LayoutOptions {
  reprint: boolean;
  /** Characters per line on paper (48 at font A on 80 mm). */
  width?: number;
}
const DEFAULT_WIDTH = 48;

function summaryLines(
  kind: 'daily_summary' | 'shift_report' | 'end_of_day',
  r: SummaryReport,
  o: LayoutOptions,
): TicketLine[] {
  const width = o.width ?? DEFAULT_WIDTH;
  return [
    ...top(RECEIPT_LABELS[kind], r.venueName, o.reprint),
    text(r.period, { align: 'center' }),
    { kind: 'rule' },
    ...r.rows.map((row) => pair(row.label, row.value, width)),
    { kind: 'rule' },
    text(`${RECEIPT_LABELS.printed} ${ticketTime(new Date(r.printedAt), zoneOf(r))}`, { align: 'center' }),
    ...bottom(o.reprint),
  ];
}

function waitlistLines(r: WaitlistTicket, o: LayoutOptions): TicketLine[] {
  const width = o.width ?? DEFAULT_WIDTH;
  return [
    ...top(RECEIPT_LABELS.waitlist_ticket, r.venueName, o.reprint),
    text(`#${r.position}`, { size: 'large', bold: true, align: 'center' }),
    text(r.guestName, { size: 'tall', bold: true, align: 'center' }),
    { kind: 'rule' },
    pair(RECEIPT_LABELS.party, String(r.partySize), width),
    pair(RECEIPT_LABELS.quotedWait, `${r.quotedMinWait}-${r.quotedMaxWait} ${RECEIPT_LABELS.minutes}`, width),
    pair(RECEIPT_LABELS.printed, ticketTime(new Date(r.addedAt), zoneOf(r)), width),
    { kind: 'rule' },
    text(RECEIPT_LABELS.waitlistFooter, { align: 'center' }),
    ...bottom(o.reprint),
  ];
}

function reservationLines(r: ReservationConfirmation, o: LayoutOptions): TicketLine[] {
  const width = o.width ?? DEFAULT_WIDTH;
  const lines: TicketLine[] = [
    ...top(RECEIPT_LABELS.reservation_confirmation, r.venueName, o.reprint),
    text(r.guestName, { size: 'tall', bold: true, align: 'center' }),
    { kind: 'rule' },
    pair(RECEIPT_LABELS.when, ticketTime(new Date(r.slotStart), zoneOf(r)), width),
    pair(RECEIPT_LABELS.party, String(r.partySize), width),
  ];
  if (r.phone) lines.push(pair(RECEIPT_LABELS.phone, r.phone, width));
  if (r.occasion) lines.push(pair(RECEIPT_LABELS.occasion, r.occasion, width));
  if (r.specialRequests && r.specialRequests.trim() !== '')
    lines.push(text(`${RECEIPT_LABELS.requests}: ${r.specialRequests.trim()}`));
  lines.push({ kind: 'rule' }, text(RECEIPT_LABELS.reservationFooter, { align: 'center' }), ...bottom(o.reprint));
  return lines;
}

/**
 * The guest's bill: each line with its amount, then subtotal, tax, service charge and tip when
 * there are any, the total, and how it was paid. Pure, for the payments screens and the terminal.
 */
export function guestReceiptLines(input: GuestReceipt, o: LayoutOptions): TicketLine[] {
  const r = GuestReceipt.parse(input);
  const width = o.width ?? DEFAULT_WIDTH;
  // The drawer opens as a cash receipt starts; a reprint never opens it again.
  const lines: TicketLine[] = r.openDrawer && !o.reprint ? [{ kind: 'drawer' }] : [];
  lines.push(...top(RECEIPT_LABELS.guestReceipt, r.venueName, o.reprint));
  if (r.tableName) lines.push(text(`${RECEIPT_LABELS.table} ${r.tableName}`, { align: 'center' }));
  if (r.orderId) lines.push(text(`${RECEIPT_LABELS.order} #${r.orderId.slice(-8)}`, { align: 'center' }));
  lines.push(text(ticketTime(new Date(r.at), zoneOf(r)), { align: 'center' }), { kind: 'rule' });
  for (const line of r.lines) {
    lines.push(pair(`${line.quantity} x ${line.name}`, displayMoney(line.amountCents), width));
    for (const modifier of line.modifiers) lines.push(text(`  + ${modifier}`));
  }
  lines.push({ kind: 'rule' }, pair(RECEIPT_LABELS.subtotal, displayMoney(r.subtotalCents), width));
  lines.push(pair(RECEIPT_LABELS.tax, displayMoney(r.taxCents), width));
  if (r.serviceChargeCents > 0)
    lines.push(pair(RECEIPT_LABELS.serviceCharge, displayMoney(r.serviceChargeCents), width));
  if (r.tipCents > 0) lines.push(pair(RECEIPT_LABELS.tip, displayMoney(r.tipCents), width));
  lines.push(pair(RECEIPT_LABELS.total, displayMoney(r.totalCents), width, { bold: true }), { kind: 'rule' });
  if (r.paid) {
    if (r.method) lines.push(pair(RECEIPT_LABELS.paidWith, r.method, width));
    lines.push(text(RECEIPT_LABELS.paid, { size: 'tall', bold: true, align: 'center' }));
  } else {
    lines.push(text(RECEIPT_LABELS.unpaid, { size: 'tall', bold: true, align: 'center' }));
  }
  lines.push(text(RECEIPT_LABELS.thanks, { align: 'center' }), ...bottom(o.reprint));
  return lines;
}

/** The lines of any receipt POST /api/print/receipt takes; `data` is checked against its kind's schema. */
export function receiptLines(kind: ReceiptKind, data: unknown, o: LayoutOptions): TicketLine[] {
  switch (kind) {
    case 'daily_summary':
    case 'shift_report':
    case 'end_of_day':
      return summaryLines(kind, RECEIPT_DATA[kind].parse(data), o);
    case 'waitlist_ticket':
      return waitlistLines(RECEIPT_DATA.waitlist_ticket.parse(data), o);
    case 'reservation_confirmation':
      return reservationLines(RECEIPT_DATA.reservation_confirmation.parse(data), o);
    case 'guest_receipt':
      return guestReceiptLines(data as GuestReceipt, o);
    default: {
      const never: never = kind;
      throw new Error(`Unknown receipt ${String(never)}`);
    }
  }
}

/**
 * A laid-out line as the paper shows its characters: the text itself, a rule as a row of dashes
 * (node-thermal-printer's drawLine), a QR symbol by its data. What the template preview shows.
 */
export function paperLineText(line: TicketLine, width = DEFAULT_WIDTH): string {
  switch (line.kind) {
    case 'rule':
      return '-'.repeat(width);
    case 'qr':
      return `[QR ${line.data}]`;
    case 'text':
      return line.text;
    case 'drawer':
      // No ink: the emulator records the kick as this line.
      return '[Cash drawer opened]';
    default: {
      const never: never = line;
      throw new Error(`Unknown ticket line ${JSON.stringify(never)}`);
    }
  }
}
