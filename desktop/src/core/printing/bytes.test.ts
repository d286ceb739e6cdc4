// What reaches the printer, byte by byte: a ticket whose every field carries ESC/POS commands
// prints those fields as text and holds exactly the commands the layout itself sends.
import { kitchenTicketLines, testPrintLines } from '@tablewise/shared';
import { describe, expect, it } from 'vitest';
import { type Command, parseCommand } from '../../../../scripts/printer-emulator/escpos.js';
import { ticketBytes } from './bytes.js';

const ESC = '\u001b';
const GS = '\u001d';
const DLE = '\u0010';
/** Drawer kick, cut, transmit status, real-time status, and a NUL for good measure. */
const HOSTILE = `${ESC}p\u0000\u0019\u00fa${GS}V\u0000${GS}r\u0001${DLE}\u0004\u0001\u0000`;

function commands(bytes: Buffer): Command[] {
  const out: Command[] = [];
  for (let offset = 0; offset < bytes.length; ) {
    const parsed = parseCommand(bytes, offset);
    if (!parsed) throw new Error(`Unparsable bytes at ${offset}`);
    out.push(parsed.command);
    offset += parsed.length;
  }
  return out;
}

const structure = (bytes: Buffer) => commands(bytes).filter((c) => c.kind !== 'text');
const printed = (bytes: Buffer) =>
  commands(bytes)
    .flatMap((c) => (c.kind === 'text' ? [c.bytes.toString('latin1')] : []))
    .join('');

function ticket(text: (field: string) => string) {
  return kitchenTicketLines(
    {
      tableName: text('Patio 4'),
      orderId: 'order-0001',
      station: text('Grill'),
      items: [
        {
          quantity: 1,
          name: text('Burger'),
          modifiers: [text('Rare'), text('Cheese')],
          notes: text('no onions'),
          course: 'main',
        },
      ],
      firedAt: new Date('2026-11-23T19:00:00Z'),
      timezone: 'America/New_York',
    },
    { reprint: false },
  );
}

describe('ticket bytes', () => {
  it('send the same commands whatever the guest, the menu or the floor wrote', () => {
    const plain = ticketBytes(ticket((f) => f));
    const hostile = ticketBytes(ticket((f) => `${f}${HOSTILE}`));
    expect(structure(hostile)).toEqual(structure(plain));
    const kinds = structure(hostile).map((c) => c.kind);
    expect(kinds.filter((k) => k === 'cut')).toHaveLength(1);
    expect(kinds).not.toContain('statusRequest');
    expect(kinds).not.toContain('transmitStatus');
    expect(kinds).not.toContain('skip');
    for (const field of ['Patio 4', 'GRILL', 'Burger', 'Rare', 'no onions']) expect(printed(hostile)).toContain(field);
  });

  it('carry no control byte inside the text of a test print', () => {
    const bytes = ticketBytes(
      testPrintLines({
        printerName: `Bar${HOSTILE}`,
        content: `first${HOSTILE}\nsecond`,
        at: new Date('2026-11-23T19:00:00Z'),
        timezone: 'Europe/Paris',
        reprint: false,
      }),
    );
    const texts = commands(bytes).filter((c) => c.kind === 'text');
    for (const text of texts) expect([...text.bytes].some((b) => b < 0x20 || b === 0x7f)).toBe(false);
    expect(structure(bytes).filter((c) => c.kind === 'cut')).toHaveLength(1);
  });
});
