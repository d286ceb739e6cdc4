// What a stored job prints, laid out from its data at the time it prints: a reprint must say so,
// and a test page shows when it was printed, not when it was asked for.
import {
  type GuestReceipt,
  guestReceiptLines,
  KitchenTicket,
  kitchenTicketLines,
  type Printer,
  type PrintJob,
  receiptLines,
  TableQrReceipt,
  type TicketLine,
  tableQrLines,
  testPrintLines,
} from '@tablewise/shared';
import { z } from 'zod';

const TestPrintData = z.object({ content: z.string() });
const ReceiptDocument = z.looseObject({ document: z.enum(['table_qr', 'guest_receipt']) });

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
      // A receipt job names the document it lays out: a table's QR code, or a guest's bill.
      const data = ReceiptDocument.parse(JSON.parse(job.data));
      return data.document === 'table_qr'
        ? tableQrLines(TableQrReceipt.parse(data), { reprint })
        : guestReceiptLines(data as GuestReceipt, { reprint });
    }
    case 'daily_summary':
    case 'waitlist_ticket':
    case 'reservation_confirmation':
    case 'shift_report':
    case 'end_of_day':
      return receiptLines(job.type, JSON.parse(job.data), { reprint });
    default: {
      const never: never = job.type;
      throw new Error(`Unknown print job type ${String(never)}`);
    }
  }
}
