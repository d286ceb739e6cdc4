// Sample data for the Templates tab: each ticket and receipt the printers print, laid out by the
// same shared functions the terminal turns into ESC/POS bytes, so the preview is what paper shows.
import {
  DEFAULT_TIMEZONE,
  type GuestReceipt,
  type KitchenTicket,
  kitchenTicketLines,
  type PRINTER_TEXTS,
  type ReceiptKind,
  receiptLines,
  type TicketLine,
  tableQrLines,
  testPrintLines,
} from '@tablewise/shared';

const AT = '2026-06-14T19:42:00.000Z';
const timezone = DEFAULT_TIMEZONE;

const KITCHEN_SAMPLE: KitchenTicket = {
  tableName: 'Table 12',
  orderId: '7f3c2a10-5b1e-4c8d-9a2f-1e2d3c4b5a69',
  station: 'Grill',
  items: [
    {
      quantity: 2,
      name: 'Ribeye Steak',
      modifiers: ['Medium rare', 'No butter'],
      notes: 'Allergy: dairy',
      course: 'main',
    },
    { quantity: 1, name: 'Grilled Octopus', modifiers: [], notes: null, course: 'appetizer' },
  ],
  firedAt: new Date(AT),
  timezone,
};

/**
 * A paid bill, as the payments screens hand it to POST /api/print/receipt.
 * @internal exported for the test that prints it and compares the paper with the preview
 */
export const GUEST_RECEIPT_SAMPLE: GuestReceipt = {
  document: 'guest_receipt',
  venueName: 'Tablewise Bistro',
  timezone,
  tableName: '12',
  orderId: '7f3c2a10-5b1e-4c8d-9a2f-1e2d3c4b5a69',
  lines: [
    { quantity: 2, name: 'Ribeye Steak', modifiers: ['Medium rare'], amountCents: 7600 },
    { quantity: 1, name: 'Grilled Octopus', modifiers: [], amountCents: 1850 },
    { quantity: 2, name: 'House Red', modifiers: [], amountCents: 2400 },
  ],
  subtotalCents: 11_850,
  taxCents: 1037,
  serviceChargeCents: 0,
  tipCents: 2133,
  totalCents: 15_020,
  method: 'Card',
  paid: true,
  at: AT,
};

const HOST_SAMPLES: Record<Exclude<ReceiptKind, 'guest_receipt'>, unknown> = {
  daily_summary: {
    venueName: 'Tablewise Bistro',
    timezone,
    period: 'Sun Jun 14',
    rows: [
      { label: 'Arrivals', value: '42' },
      { label: 'Reservations due', value: '18' },
      { label: 'Waiting', value: '3' },
      { label: 'Free tables', value: '5' },
    ],
    printedAt: AT,
  },
  shift_report: {
    venueName: 'Tablewise Bistro',
    timezone,
    period: 'Dinner shift',
    rows: [
      { label: 'Covers', value: '96' },
      { label: 'Tables turned', value: '31' },
      { label: 'Average wait', value: '14 min' },
    ],
    printedAt: AT,
  },
  end_of_day: {
    venueName: 'Tablewise Bistro',
    timezone,
    period: 'Sun Jun 14',
    rows: [
      { label: 'Orders', value: '128' },
      { label: 'Sales', value: '$6,412.50' },
      { label: 'Tips', value: '$1,022.00' },
    ],
    printedAt: AT,
  },
  waitlist_ticket: {
    venueName: 'Tablewise Bistro',
    timezone,
    guestName: 'Rivera',
    partySize: 4,
    position: 3,
    quotedMinWait: 15,
    quotedMaxWait: 25,
    addedAt: AT,
  },
  reservation_confirmation: {
    venueName: 'Tablewise Bistro',
    timezone,
    guestName: 'Alex Chen',
    partySize: 2,
    slotStart: AT,
    phone: '555-0142',
    occasion: 'Anniversary',
    specialRequests: 'Window table if possible',
  },
};

export interface Template {
  id: keyof typeof PRINTER_TEXTS.templateNames;
  lines: TicketLine[];
}

export function templates(): Template[] {
  return [
    { id: 'kitchen_ticket', lines: kitchenTicketLines(KITCHEN_SAMPLE, { reprint: false }) },
    { id: 'kitchen_ticket_reprint', lines: kitchenTicketLines(KITCHEN_SAMPLE, { reprint: true }) },
    {
      id: 'test',
      lines: testPrintLines({
        printerName: 'Grill',
        content: 'Hello from Tablewise',
        at: new Date(AT),
        timezone,
        reprint: false,
      }),
    },
    { id: 'guest_receipt', lines: receiptLines('guest_receipt', GUEST_RECEIPT_SAMPLE, { reprint: false }) },
    ...(Object.keys(HOST_SAMPLES) as (keyof typeof HOST_SAMPLES)[]).map((kind) => ({
      id: kind,
      lines: receiptLines(kind, HOST_SAMPLES[kind], { reprint: false }),
    })),
    {
      id: 'table_qr',
      lines: tableQrLines(
        { document: 'table_qr', tableNumber: '12', url: 'https://tablewise.example/t/sample' },
        { reprint: false },
      ),
    },
  ];
}
