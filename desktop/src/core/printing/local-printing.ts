// The printing the terminal's local server and its feed ask for, on the printers this terminal
// drives: its jobs and printers' states, retry, reprint and mark printed, test prints, table QR
// codes, receipts (a departed guest's 'Print at the venue' among them) and kitchen reprints. All
// answer null when this terminal drives no printers.
import { conflict, type LiveEventOf, notFound, SERVICE_MESSAGES } from '@tablewise/shared';
import { log } from '../log.js';
import type { PrintQueue } from '../print-queue.js';
import type { LocalServerDeps } from '../server/deps.js';
import type { ReadDb } from '../sqlite/replica.js';
import { getMeta } from '../sqlite/repositories/meta.js';
import { listPrinters } from '../sqlite/repositories/printers.js';

export type LocalPrinting = Pick<
  LocalServerDeps,
  | 'printJobs'
  | 'printerStatuses'
  | 'retryPrintJob'
  | 'reprintPrintJob'
  | 'markPrintJobPrinted'
  | 'testPrint'
  | 'printTableQr'
  | 'printReceipt'
  | 'reprintKitchenTickets'
  | 'printGuestReceipt'
>;

/** The printers this terminal drives. */
function ownPrinters(read: ReadDb) {
  const self = getMeta(read).terminalId;
  return listPrinters(read).filter((p) => p.terminalId === self);
}

export function localPrinting(read: ReadDb, queue: () => PrintQueue | null): LocalPrinting {
  return {
    printJobs: () => queue()?.listJobs() ?? [],
    printerStatuses: () => queue()?.printerStatuses() ?? {},
    retryPrintJob: (id) => queue()?.retry(id) ?? null,
    reprintPrintJob: (id) => queue()?.reprint(id) ?? null,
    markPrintJobPrinted: (id) => queue()?.markPrinted(id) ?? null,
    testPrint: (printerId, content) => {
      const printer = listPrinters(read).find((p) => p.id === printerId);
      const q = queue();
      if (!printer || !q) return null;
      return q.enqueueTest(printer, typeof content === 'string' ? content : '');
    },
    printTableQr: (printerId, receipt) => {
      const printer = ownPrinters(read).find((p) => p.id === printerId);
      const q = queue();
      if (!printer || !q) return null;
      return q.enqueueTableQr(printer, receipt);
    },
    printReceipt: ({ printerId, kind, data, dedupeKey }) => {
      const q = queue();
      if (!q) return null;
      const mine = ownPrinters(read);
      const printer =
        printerId === undefined ? mine.find((p) => p.station === null) : mine.find((p) => p.id === printerId);
      if (!printer) {
        if (printerId !== undefined) throw notFound('Printer');
        throw conflict(SERVICE_MESSAGES.noReceiptPrinter);
      }
      return q.enqueueReceipt({ printer, kind, data, ...(dedupeKey ? { dedupeKey } : {}) });
    },
    reprintKitchenTickets: (orderId, dedupeKey) => queue()?.reprintKitchenTickets(orderId, dedupeKey) ?? null,
    printGuestReceipt: (printerId, receipt) => {
      const printer = ownPrinters(read).find((p) => p.id === printerId);
      const q = queue();
      if (!printer || !q) return null;
      return q.enqueueReceipt({ printer, kind: 'guest_receipt', data: receipt });
    },
  };
}

/** A departed party's 'Print at the venue': printed here if this terminal drives the printer the
 * cloud chose. The sync client tells the event inside the SQLite transaction that applies it and
 * moves the cursor, so the job and the cursor commit together; the job is keyed by the request,
 * so an event that comes again (a replay, a rebuilt replica) prints nothing more. */
export function printRequestedReceipt(
  read: ReadDb,
  queue: PrintQueue | null,
  event: LiveEventOf<'receipt.print_requested'>,
): void {
  const printer = ownPrinters(read).find((p) => p.id === event.printerId);
  if (!printer || !queue) return;
  try {
    queue.enqueueReceipt({
      printer,
      kind: 'guest_receipt',
      data: event.receipt,
      dedupeKey: `guest-receipt:${event.requestId}`,
    });
  } catch (error) {
    log.error({ err: error, receiptRequestId: event.requestId }, 'the receipt could not be queued');
  }
}
