import { describe, expect, it } from 'vitest';
import {
  backupBanner,
  type KitchenTicket,
  kitchenTicketLines,
  REPRINT_BANNER,
  shortOrderId,
  type TicketLine,
  testPrintLines,
  ticketTime,
} from './kitchen-ticket.js';

const base: KitchenTicket = {
  tableName: 'Table 12',
  orderId: '3f1c2b7e-1d2a-4c5b-9e8f-0a1b2c3d4e5f',
  station: 'grill',
  items: [
    { quantity: 1, name: 'Tiramisu', modifiers: [], notes: null, course: 'dessert' },
    { quantity: 2, name: 'Ribeye', modifiers: ['Medium rare', 'No butter'], notes: 'Allergy: dairy', course: 'main' },
    { quantity: 1, name: 'Lemonade', modifiers: [], notes: null, course: 'drink' },
    { quantity: 1, name: 'Bruschetta', modifiers: [], notes: '  ', course: 'appetizer' },
  ],
  firedAt: new Date('2025-06-14T23:42:00Z'),
  timezone: 'America/New_York',
};

function texts(lines: TicketLine[]): string[] {
  return lines.map((line) => (line.kind === 'text' ? line.text : '---'));
}

describe('kitchenTicketLines', () => {
  it('lays out station, table, short order id, venue-local time and items by course', () => {
    expect(texts(kitchenTicketLines(base, { reprint: false }))).toEqual([
      'GRILL',
      'Table 12',
      'Order #2c3d4e5f',
      'Fired Jun 14, 7:42 PM',
      '---',
      'APPETIZERS',
      '1 x Bruschetta',
      '---',
      'MAINS',
      '2 x Ribeye',
      '  + Medium rare',
      '  + No butter',
      '  Note: Allergy: dairy',
      '---',
      'DESSERTS',
      '1 x Tiramisu',
      '---',
      'DRINKS',
      '1 x Lemonade',
      '---',
      '5 items',
    ]);
  });

  it.each([
    { name: 'reprint puts the banner first and last', reprint: true, first: REPRINT_BANNER, last: REPRINT_BANNER },
    { name: 'an original has no banner', reprint: false, first: 'GRILL', last: '5 items' },
  ])('$name', ({ reprint, first, last }) => {
    const lines = texts(kitchenTicketLines(base, { reprint }));
    expect(lines[0]).toBe(first);
    expect(lines.at(-1)).toBe(last);
    expect(lines.filter((l) => l === REPRINT_BANNER)).toHaveLength(reprint ? 2 : 0);
  });

  it.each([
    { name: 'a backup copy says whose ticket it is, first and last', reprint: false, first: 'BACKUP - Bar Printer' },
    { name: 'a backup copy of a reprint says both', reprint: true, first: 'BACKUP - Bar Printer' },
  ])('$name', ({ reprint, first }) => {
    const lines = texts(kitchenTicketLines(base, { reprint, backupOf: 'Bar Printer' }));
    // paperText spells the dash as the printer's code page can print it.
    expect(backupBanner('Bar Printer')).toBe('BACKUP — Bar Printer');
    expect(lines[0]).toBe(first);
    expect(lines.at(-1)).toBe(first);
    expect(lines.filter((l) => l === REPRINT_BANNER)).toHaveLength(reprint ? 2 : 0);
  });

  it.each([
    { tableName: null, station: null, expected: ['KITCHEN', 'No table'] },
    { tableName: 'Patio 3', station: 'bar', expected: ['BAR', 'Patio 3'] },
  ])('names table $tableName at station $station', ({ tableName, station, expected }) => {
    expect(texts(kitchenTicketLines({ ...base, tableName, station }, { reprint: false })).slice(0, 2)).toEqual(
      expected,
    );
  });

  it('marks the table line large and bold, item lines tall and bold', () => {
    const lines = kitchenTicketLines(base, { reprint: false });
    expect(lines[1]).toEqual({ kind: 'text', text: 'Table 12', size: 'large', bold: true, align: 'center' });
    expect(lines.find((l) => l.kind === 'text' && l.text === '2 x Ribeye')).toMatchObject({ size: 'tall', bold: true });
  });

  it('counts a single item in the singular', () => {
    const one = {
      ...base,
      items: [{ quantity: 1, name: 'Soup', modifiers: [], notes: null, course: 'main' as const }],
    };
    expect(texts(kitchenTicketLines(one, { reprint: false })).at(-1)).toBe('1 item');
  });

  it.each([
    { name: 'empty items', patch: { items: [] }, error: 'at least one item' },
    {
      name: 'zero quantity',
      patch: { items: [{ ...(base.items[0] as KitchenTicket['items'][number]), quantity: 0 }] },
      error: 'Quantity must be at least 1',
    },
    { name: 'unknown timezone', patch: { timezone: 'Mars/Olympus' }, error: 'Unknown timezone' },
    { name: 'empty order id', patch: { orderId: '' }, error: 'Order id is required' },
  ])('rejects $name', ({ patch, error }) => {
    expect(() => kitchenTicketLines({ ...base, ...patch } as KitchenTicket, { reprint: false })).toThrow(error);
  });

  it('accepts a ticket read back from JSON (time as an ISO string)', () => {
    const roundTripped = JSON.parse(JSON.stringify(base)) as KitchenTicket;
    expect(kitchenTicketLines(roundTripped, { reprint: false })).toEqual(kitchenTicketLines(base, { reprint: false }));
  });
});

describe('ticket helpers', () => {
  it.each([
    { at: '2025-01-01T00:05:00Z', tz: 'UTC', expected: 'Jan 1, 12:05 AM' },
    { at: '2025-01-01T00:05:00Z', tz: 'Asia/Tokyo', expected: 'Jan 1, 9:05 AM' },
    { at: '2025-01-01T00:05:00Z', tz: 'America/Los_Angeles', expected: 'Dec 31, 4:05 PM' },
  ])('ticketTime $at in $tz', ({ at, tz, expected }) => {
    expect(ticketTime(new Date(at), tz)).toBe(expected);
  });

  it.each([
    { id: 'abc', expected: 'abc' },
    { id: '0123456789abcdef', expected: '89abcdef' },
  ])('shortOrderId($id)', ({ id, expected }) => {
    expect(shortOrderId(id)).toBe(expected);
  });

  it('lays out a test print with its content lines', () => {
    const lines = texts(
      testPrintLines({
        printerName: 'Grill',
        content: 'hello\nworld',
        at: new Date('2025-01-01T12:00:00Z'),
        timezone: 'UTC',
        reprint: false,
      }),
    );
    expect(lines).toEqual(['TEST PRINT', 'Grill', 'Jan 1, 12:00 PM', '---', 'hello', 'world']);
  });
});
