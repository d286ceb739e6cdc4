// A table's QR code on a receipt printer (issue 9, Generate Table QR): a 'receipt' print job whose
// data names the document it lays out, so the bills of issue 11 print through the same job type.
import { z } from 'zod';
import { SHELL_MESSAGES } from '../messages.js';
import { REPRINT_BANNER, type TicketLine } from './kitchen-ticket.js';

export const TableQrReceipt = z.object({
  document: z.literal('table_qr'),
  tableNumber: z.string(),
  url: z.string(),
});
export type TableQrReceipt = z.infer<typeof TableQrReceipt>;

/** The table's number, what to do, and its check-in link as a QR symbol. */
export function tableQrLines(receipt: TableQrReceipt, opts: { reprint: boolean }): TicketLine[] {
  const lines: TicketLine[] = [];
  if (opts.reprint) lines.push({ kind: 'text', text: REPRINT_BANNER, size: 'normal', bold: true, align: 'center' });
  lines.push(
    {
      kind: 'text',
      text: SHELL_MESSAGES.tableQrCaption(receipt.tableNumber),
      size: 'tall',
      bold: true,
      align: 'center',
    },
    { kind: 'qr', data: receipt.url },
  );
  return lines;
}
