// What a stored job prints, laid out from its data at the time it prints: a reprint must say so,
// and a test page shows when it was printed, not when it was asked for.
import {
  GuestReceiptPrint,
  guestReceiptLines,
  KitchenTicket,
  kitchenTicketLines,
  type Printer,
  type PrintJob,
  TableQrReceipt,
  type TicketLine,
  tableQrLines,
  testPrintLines,
} from '@tablewise/shared';
import { z } from 'zod';

const TestPrintData = z.object({ content: z.string() });

export function jobLines(
  job: Pick<PrintJob, 'type' | 'data' | 'reprint'> & { backupOf: string | null },
  printer: Printer,
  at: { now: Date; timezone: string },
): TicketLine[] {
  const { reprint } = job;
  switch (job.type) {
    case 'kitchen_ticket':
      return kitchenTicketLines(KitchenTicket.parse(JSON.parse(job.data)), { reprint, backupOf: job.backupOf });
    case 'test': {
      const { content } = TestPrintData.parse(JSON.parse(job.data));
      return testPrintLines({ printerName: printer.name, content, at: at.now, timezone: at.timezone, reprint });
    }
    case 'receipt': {
      // A receipt job names the document it lays out: a table's QR code or a guest's receipt.
      const data = JSON.parse(job.data) as { document?: unknown };
      if (data.document === 'guest_receipt') return guestReceiptLines(GuestReceiptPrint.parse(data), { reprint });
      return tableQrLines(TableQrReceipt.parse(data), { reprint });
    }
    case 'daily_summary':
    case 'waitlist_ticket':
    case 'reservation_confirmation':
    case 'shift_report':
    case 'end_of_day':
      throw new Error(`Printing ${job.type} jobs is not supported by this terminal`);
    default: {
      const never: never = job.type;
      throw new Error(`Unknown print job type ${String(never)}`);
    }
  }
}
