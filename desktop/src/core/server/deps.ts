// What the local server needs from the terminal core.
import type { MeAnswer, PrintJob, TerminalStatusAnswer } from '@tablewise/shared';
import type { Bus } from '../bus.js';
import type { LocalChangeResult } from '../outbox/item-status.js';
import type { ReadDb, WriteDb } from '../sqlite/replica.js';
import type { CloudApi } from '../sync/cloud-api.js';

export interface LocalServerDeps {
  read: ReadDb;
  write: WriteDb;
  api: CloudApi;
  bus: Bus;
  now: () => Date;
  status(): TerminalStatusAnswer;
  /** A staff item transition: applied to the replica and queued for the cloud. */
  changeItemStatus(itemId: string, status: unknown): LocalChangeResult | { ok: false; status: 400; message: string };
  dismissRejection(id: string): boolean;
  printJobs(): PrintJob[];
  /** Null when printing is off; throws PrintServiceError when the job cannot be retried. */
  retryPrintJob(id: string): PrintJob | null;
  /** Null when the printer is unknown (or printing is off); throws PrintServiceError on bad content. */
  testPrint(printerId: string, content: unknown): PrintJob | null;
  staticDir?: string;
}

export interface StaffState {
  me: MeAnswer;
}
