// What the local server needs from the terminal core.
import type {
  addToWaitlist,
  createTask,
  MeAnswer,
  OrderItem,
  OrderItemState,
  PrinterStatus,
  PrintJob,
  Task,
  TerminalStatusAnswer,
  WaitlistEntry,
} from '@tablewise/shared';
import type { z } from 'zod';
import type { Bus } from '../bus.js';
import type { ReadDb, WriteDb } from '../sqlite/replica.js';
import type { CloudApi } from '../sync/cloud-api.js';

export interface LocalServerDeps {
  read: ReadDb;
  write: WriteDb;
  api: CloudApi;
  bus: Bus;
  now: () => Date;
  status(): TerminalStatusAnswer;
  /** A staff item move: applied to the replica and queued for the cloud; refused (AppError) as
   * the cloud would refuse it. */
  changeItemStatus(itemId: string, status: OrderItemState): OrderItem;
  /** A host adds a party: to the replica and the outbox (a repeat of its id adds it once). */
  addToWaitlist(party: z.output<(typeof addToWaitlist)['body']>): WaitlistEntry;
  /** A host moves a party; refused (AppError) as the cloud would refuse it. */
  changeWaitlistStatus(id: string, status: 'NOTIFIED' | 'SEATED' | 'CANCELLED'): WaitlistEntry;
  /** Staff ask for a task (Request Cleaning): into the outbox, refused (AppError) as the cloud
   * would refuse it; a repeat of its id answers the task queued. */
  createTask(input: z.output<(typeof createTask)['body']>): Task;
  dismissRejection(id: string): boolean;
  printJobs(): PrintJob[];
  /** Each printer's state as the print worker last learnt it (absent: not asked yet). */
  printerStatuses(): Record<string, PrinterStatus>;
  /** Null when printing is off; throws PrintServiceError when the job cannot be retried. */
  retryPrintJob(id: string): PrintJob | null;
  /** Null when printing is off; throws PrintServiceError when the job is not UNCONFIRMED. */
  reprintPrintJob(id: string): PrintJob | null;
  /** Null when printing is off; throws PrintServiceError when the job is not UNCONFIRMED. */
  markPrintJobPrinted(id: string): PrintJob | null;
  /** Null when the printer is unknown (or printing is off); throws PrintServiceError on bad content. */
  testPrint(printerId: string, content: unknown): PrintJob | null;
  staticDir?: string;
}

export interface StaffState {
  me: MeAnswer;
}
