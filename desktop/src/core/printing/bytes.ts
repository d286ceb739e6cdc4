// ESC/POS bytes for a laid-out ticket, built with node-thermal-printer into its buffer only: the
// library never opens a connection here, because the transport owns the socket and the proof.
import { CASH_DRAWER_KICK, type TicketLine } from '@tablewise/shared';
import thermal from 'node-thermal-printer';

const { ThermalPrinter, PrinterTypes, CharacterSet } = thermal;

/** Characters per line at font A on 80 mm paper. */
const DEFAULT_TICKET_WIDTH = 48;

export function ticketBytes(lines: TicketLine[], opts: { width?: number } = {}): Buffer {
  const printer = new ThermalPrinter({
    type: PrinterTypes.EPSON,
    // An empty interface keeps the library from creating a network or file interface.
    interface: '',
    width: opts.width ?? DEFAULT_TICKET_WIDTH,
    characterSet: CharacterSet.PC437_USA,
  });
  // ESC @ first: whatever the last job left set (size, bold, code page) must not carry over.
  printer.add(Buffer.from([0x1b, 0x40]));
  printer.setCharacterSet(CharacterSet.PC437_USA);
  for (const line of lines) {
    switch (line.kind) {
      case 'rule':
        printer.drawLine();
        break;
      case 'drawer':
        // ESC p 0 25 250: the drawer on pin 2 opens (a cash payment's receipt).
        printer.add(Buffer.from(CASH_DRAWER_KICK));
        break;
      case 'qr':
        // About 3 cm across at 8 dots a module on 80 mm paper: a phone reads it at arm's length.
        printer.alignCenter();
        printer.printQR(line.data, { model: 2, cellSize: 8, correction: 'M' });
        printer.newLine();
        printer.alignLeft();
        break;
      case 'text': {
        if (line.align === 'center') printer.alignCenter();
        else if (line.align === 'right') printer.alignRight();
        else printer.alignLeft();
        printer.bold(line.bold);
        switch (line.size) {
          case 'normal':
            printer.setTextNormal();
            break;
          case 'tall':
            printer.setTextDoubleHeight();
            break;
          case 'large':
            printer.setTextQuadArea();
            break;
          default: {
            const never: never = line.size;
            throw new Error(`Unknown text size ${String(never)}`);
          }
        }
        printer.println(line.text);
        printer.bold(false);
        printer.setTextNormal();
        printer.alignLeft();
        break;
      }
      default: {
        const never: never = line;
        throw new Error(`Unknown ticket line ${JSON.stringify(never)}`);
      }
    }
  }
  printer.cut();
  return Buffer.from(printer.getBuffer());
}
