import { describe, expect, it } from 'vitest';
import { REPRINT_BANNER } from './kitchen-ticket.js';
import {
  type GuestReceipt,
  guestReceiptLines,
  paperLineText,
  paperPrinters,
  RECEIPT_DATA,
  receiptLines,
} from './receipts.js';

const bill: GuestReceipt = {
  document: 'guest_receipt',
  venueName: 'Alpha Bistro',
  timezone: 'UTC',
  tableName: '12',
  orderId: 'abcdef0123456789',
  lines: [
    { quantity: 2, name: 'Burger', modifiers: ['No onion'], amountCents: 2500 },
    { quantity: 1, name: 'Lemonade', amountCents: 350 },
  ],
  subtotalCents: 2850,
  taxCents: 249,
  totalCents: 3099,
  method: 'Cash',
  paid: true,
  at: '2026-06-14T19:42:00.000Z',
};

const text = (b: GuestReceipt, reprint = false) => guestReceiptLines(b, { reprint }).map((l) => paperLineText(l));

describe('guestReceiptLines', () => {
  it('lays out each line with its amount, subtotal, tax, total and how it was paid, 48 wide', () => {
    const lines = text(bill);
    expect(lines).toContain(`2 x Burger${' '.repeat(48 - 'Burger'.length - 4 - '$25.00'.length)}$25.00`);
    expect(lines).toContain('  + No onion');
    expect(lines.find((l) => l.startsWith('Subtotal'))).toMatch(/ \$28\.50$/);
    expect(lines.find((l) => l.startsWith('Tax'))).toMatch(/ \$2\.49$/);
    expect(lines.find((l) => l.startsWith('TOTAL'))).toMatch(/ \$30\.99$/);
    expect(lines.find((l) => l.startsWith('Paid with'))).toMatch(/ Cash$/);
    expect(lines).toContain('PAID');
    expect(lines).toContain('Table 12');
    expect(lines).toContain('Order #23456789');
    for (const line of lines) expect(line.length).toBeLessThanOrEqual(48);
  });

  it.each([
    ['a service charge', { serviceChargeCents: 300, totalCents: 3399 }, 'Service charge', true],
    ['a tip', { tipCents: 500, totalCents: 3599 }, 'Tip', true],
    ['no service charge', {}, 'Service charge', false],
    ['no tip', {}, 'Tip', false],
  ])('with %s shows that line: %s', (_what, change, label, shown) => {
    const lines = text({ ...bill, ...change });
    expect(lines.some((l) => l.startsWith(label))).toBe(shown);
  });

  it('says NOT PAID on a bill presented before payment, and REPRINT top and bottom on a copy', () => {
    expect(text({ ...bill, paid: false, method: null })).toContain('NOT PAID');
    const copy = text(bill, true);
    expect(copy[0]).toBe(REPRINT_BANNER);
    expect(copy.at(-1)).toBe(REPRINT_BANNER);
  });

  it('keeps control bytes off paper', () => {
    const lines = text({ ...bill, lines: [{ quantity: 1, name: 'Soup\u001bp\u0000', amountCents: 2850 }] });
    expect(lines.find((l) => l.startsWith('1 x Soup'))).toMatch(/^1 x Soupp +\$28\.50$/);
  });

  it.each([
    ['a subtotal that is not the sum of the lines', { subtotalCents: 2851 }, 'subtotalCents'],
    ['a total that does not add up', { totalCents: 3000 }, 'totalCents'],
    ['fractional cents', { taxCents: 249.5 }, 'taxCents'],
    ['no lines', { lines: [] }, 'lines'],
    ['an unknown timezone', { timezone: 'Nowhere/City' }, 'timezone'],
  ])('refuses %s', (_what, change, field) => {
    const parsed = RECEIPT_DATA.guest_receipt.safeParse({ ...bill, ...change });
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues.map((i) => i.path.join('.'))).toContain(field);
  });
});

describe('receiptLines', () => {
  it('titles each host console report and prints its rows label left, value right', () => {
    const report = {
      timezone: 'UTC',
      period: 'Lunch',
      rows: [{ label: 'Covers', value: '12' }],
      printedAt: '2026-06-14T12:00:00.000Z',
    };
    for (const [kind, title] of [
      ['daily_summary', 'DAILY SUMMARY'],
      ['shift_report', 'SHIFT REPORT'],
      ['end_of_day', 'END OF DAY'],
    ] as const) {
      const lines = receiptLines(kind, report, { reprint: false }).map((l) => paperLineText(l));
      expect(lines[0]).toBe(title);
      expect(lines).toContain(`Covers${' '.repeat(48 - 8)}12`);
    }
  });

  it('prints a waitlist ticket with the position large, and a reservation with its time in the venue timezone', () => {
    const ticket = receiptLines(
      'waitlist_ticket',
      {
        timezone: 'UTC',
        guestName: 'Rivera',
        partySize: 4,
        position: 3,
        quotedMinWait: 15,
        quotedMaxWait: 25,
        addedAt: '2026-06-14T19:00:00.000Z',
      },
      { reprint: false },
    );
    expect(ticket).toContainEqual(expect.objectContaining({ text: '#3', size: 'large' }));
    const booking = receiptLines(
      'reservation_confirmation',
      { timezone: 'America/New_York', guestName: 'Chen', partySize: 2, slotStart: '2026-06-14T23:30:00.000Z' },
      { reprint: false },
    ).map((l) => paperLineText(l));
    expect(booking.find((l) => l.startsWith('When'))).toMatch(/Jun 14, 7:30 PM$/);
  });
});

describe('paperPrinters', () => {
  const p = (name: string, station: string | null, terminalId: string | null) => ({ name, station, terminalId });
  it("lists this terminal's printers, receipt printers first, then by name", () => {
    const all = [p('Grill', 'Grill', 't1'), p('Bar', 'Bar', 't1'), p('Desk', null, 't1'), p('Other desk', null, 't2')];
    expect(paperPrinters(all, 't1').map((x) => x.name)).toEqual(['Desk', 'Bar', 'Grill']);
    expect(paperPrinters(all, null)).toEqual([]);
  });
});
