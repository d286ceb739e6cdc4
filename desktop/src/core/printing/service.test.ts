import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { type KitchenTicket, MESSAGES, PRINTING, type Printer, type PrintJob, REPRINT_BANNER } from '@tablewise/shared';
import BetterSqlite3, { type Database } from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { Bus } from '../bus.js';
import { migration0001 } from '../sqlite/migrations/0001_replica.js';
import { migration0002 } from '../sqlite/migrations/0002_print_jobs.js';
import { migration0003 } from '../sqlite/migrations/0003_outbox.js';
import { migration0008 } from '../sqlite/migrations/0008_print_jobs_unconfirmed.js';
import { migration0010 } from '../sqlite/migrations/0010_printer_backup.js';
import { migration0018 } from '../sqlite/migrations/0018_outbox_calls.js';
import { putPrinter } from '../sqlite/repositories/printers.js';
import { reportSubject } from './report-subject.js';
import { PrintService, PrintServiceError, type PrintServiceOptions } from './service.js';
import { transportForPrinter } from './transport.js';

// The emulator lives in scripts/ (its own TypeScript project); it is loaded at run time so this
// project's type-check does not pull it in. These are the parts the tests use.
interface EmulatedTicket {
  text: string;
}
interface PrinterEmulator {
  port: number;
  tickets(): EmulatedTicket[];
  setCondition(condition: 'ok' | 'paperOut' | 'coverOpen' | 'silent' | 'neverAcks'): void;
  bytesReceived(): number;
  waitForTicket(predicate: (t: EmulatedTicket) => boolean, timeoutMs: number): Promise<EmulatedTicket>;
  close(): Promise<void>;
}
const emulatorPath = '../../../../scripts/printer-emulator/emulator.js';
const { startPrinterEmulator } = (await import(/* @vite-ignore */ emulatorPath)) as {
  startPrinterEmulator(opts: { port: number; name: string }): Promise<PrinterEmulator>;
};

const ticket: KitchenTicket = {
  tableName: 'Table 7',
  orderId: '9b2d1c4e-0000-4000-8000-00000000abcd',
  station: 'grill',
  items: [{ quantity: 2, name: 'Burger', modifiers: ['No onion'], notes: 'Well done', course: 'main' }],
  firedAt: new Date('2025-06-14T18:00:00Z'),
  timezone: 'UTC',
};

let dir: string;
let db: Database;
let bus: Bus;
const cleanups: (() => Promise<void> | void)[] = [];
/** The printer of every conversation the print worker opened, in order. */
let conversations: string[] = [];

beforeEach(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'print-jobs-'));
  db = new BetterSqlite3(path.join(dir, 'replica.db'));
  migration0001.up(db);
  migration0002.up(db);
  migration0003.up(db);
  migration0008.up(db);
  migration0010.up(db);
  migration0018.up(db);
  bus = new Bus();
  conversations = [];
});

afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  db.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

function printerAt(port: number, name = 'Grill', extra: Partial<Printer> = {}): Printer {
  return {
    id: randomUUID(),
    venueId: randomUUID(),
    name,
    location: 'Kitchen',
    type: 'thermal',
    station: 'grill',
    connection: 'tcp',
    host: '127.0.0.1',
    port,
    terminalId: null,
    status: 'ONLINE',
    backupPrinterId: null,
    ...extra,
  };
}

async function emulator(name = 'Grill'): Promise<PrinterEmulator> {
  const e = await startPrinterEmulator({ port: 0, name });
  cleanups.push(() => e.close());
  return e;
}

function service(opts: Partial<PrintServiceOptions> = {}): PrintService {
  const timeouts = {
    statusTimeoutMs: opts.statusTimeoutMs ?? 300,
    confirmTimeoutMs: opts.confirmTimeoutMs ?? 300,
    writeTimeoutMs: opts.writeTimeoutMs ?? PRINTING.writeTimeoutMs,
  };
  const s = new PrintService({
    db: { mode: 'write', sql: db },
    bus,
    statusPollMs: 50,
    ...timeouts,
    // The real transport, counting the conversations it opens.
    transportFor: (printer) => {
      const transport = transportForPrinter(printer, timeouts);
      return {
        connect: () => {
          conversations.push(printer.id);
          return transport.connect();
        },
      };
    },
    ...opts,
  });
  cleanups.push(() => s.stop());
  return s;
}

/**
 * Resolves once the worker has opened `n` more conversations with `printerId`. It opens one only
 * in a pass over its queues, after it has looked at that printer's waiting job (whether to send it,
 * and, the printer being faulty, whether to move it to a backup): whatever a pass does to the job
 * with the printer and the clock as they are now, it has done by then. A wait that proves the
 * worker had its chance, where a fixed sleep would only hope so.
 */
async function workerLooksAgain(printerId: string, n: number): Promise<void> {
  const count = () => conversations.filter((id) => id === printerId).length;
  const target = count() + n;
  await expect.poll(count, { interval: 10, timeout: 10_000 }).toBeGreaterThanOrEqual(target);
}

/** What the print queue left in the outbox for the cloud, oldest first. */
function outbox(): { method: string; path: string; idempotency_key: string; body: Record<string, unknown> }[] {
  return (
    db.prepare('SELECT method, path, idempotency_key, body_json FROM outbox ORDER BY seq').all() as {
      method: string;
      path: string;
      idempotency_key: string;
      body_json: string;
    }[]
  ).map(({ body_json, ...e }) => ({ ...e, body: JSON.parse(body_json) as Record<string, unknown> }));
}

/** Every state a job passes through, and a way to wait for one. */
function watch() {
  const seen: PrintJob[] = [];
  const waiters: { test: (j: PrintJob) => boolean; resolve: (j: PrintJob) => void }[] = [];
  bus.on('printJob', (job) => {
    seen.push(job);
    for (const w of [...waiters]) {
      if (w.test(job)) {
        waiters.splice(waiters.indexOf(w), 1);
        w.resolve(job);
      }
    }
  });
  return {
    seen,
    statusesOf: (id: string) => seen.filter((j) => j.id === id).map((j) => j.status),
    until(test: (j: PrintJob) => boolean): Promise<PrintJob> {
      const already = seen.find(test);
      if (already) return Promise.resolve(already);
      return new Promise((resolve) => waiters.push({ test, resolve }));
    },
  };
}

function row(id: string) {
  return db.prepare('SELECT status, attempts, reprint, sent, error FROM print_jobs WHERE id = ?').get(id);
}

async function unusedPort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

/**
 * A printer that answers its status but holds back the GS r answer until the test releases it
 * (or forever): the job's bytes have arrived, yet nothing proves they were printed.
 */
async function printerWithHeldProof() {
  const received: Buffer[] = [];
  let onProofRequested: (() => void) | null = null;
  let release: (() => void) | null = null;
  const sockets = new Set<net.Socket>();
  const server = net.createServer((socket) => {
    sockets.add(socket);
    socket.on('error', () => {});
    let pending = Buffer.alloc(0);
    socket.on('data', (chunk: Buffer) => {
      pending = Buffer.concat([pending, chunk]);
      for (;;) {
        const eot = pending.indexOf(Buffer.from([0x10, 0x04]));
        const gsr = pending.indexOf(Buffer.from([0x1d, 0x72, 0x01]));
        if (eot >= 0 && pending.length >= eot + 3 && (gsr < 0 || eot < gsr)) {
          socket.write(Buffer.of(0x12));
          pending = pending.subarray(eot + 3);
          continue;
        }
        if (gsr >= 0) {
          received.push(Buffer.from(pending.subarray(0, gsr)));
          pending = pending.subarray(gsr + 3);
          release = () => socket.write(Buffer.of(0x00));
          onProofRequested?.();
          continue;
        }
        break;
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  cleanups.push(
    () =>
      new Promise<void>((resolve) => {
        for (const s of sockets) s.destroy();
        server.close(() => resolve());
      }),
  );
  return {
    port: (server.address() as net.AddressInfo).port,
    received,
    proofRequested: () =>
      new Promise<void>((resolve) => {
        if (release) return resolve();
        onProofRequested = resolve;
      }),
    releaseProof: () => release?.(),
  };
}

describe('PrintService', () => {
  it('prints a kitchen ticket and marks it COMPLETED', async () => {
    const printer = await emulator();
    const s = service();
    const w = watch();
    s.start();
    const p = printerAt(printer.port);
    const job = s.enqueueKitchenTicket({ dedupeKey: 'order-1:grill', printer: p, ticket });
    expect(job).toMatchObject({ status: 'PENDING', printerName: 'Grill', type: 'kitchen_ticket', reprint: false });
    await w.until((j) => j.id === job.id && j.status === 'COMPLETED');
    const printed = printer.tickets();
    expect(printed).toHaveLength(1);
    expect(printed[0]?.text).toContain('Table 7');
    expect(printed[0]?.text).toContain('2 x Burger');
    expect(printed[0]?.text).toContain('  + No onion');
    expect(printed[0]?.text).toContain('  Note: Well done');
    expect(printed[0]?.text).not.toContain(REPRINT_BANNER);
    expect(w.statusesOf(job.id)).toEqual(['PENDING', 'PRINTING', 'COMPLETED']);
    expect(row(job.id)).toEqual({ status: 'COMPLETED', attempts: 1, reprint: 0, sent: 1, error: null });
    expect(s.printerStatuses()).toEqual({ [p.id]: 'ONLINE' });
    expect(s.listJobs().map((j) => j.status)).toEqual(['COMPLETED']);
  });

  it('reports the job to the cloud through the outbox when it is made and in each state it settles in', async () => {
    const printer = await emulator();
    const s = service();
    const w = watch();
    s.start();
    const p = printerAt(printer.port);
    const ticketed = [{ itemId: randomUUID(), orderId: randomUUID(), station: 'grill' }];
    const job = s.enqueueKitchenTicket({ dedupeKey: 'reported', printer: p, ticket, ticketed });
    await w.until((j) => j.id === job.id && j.status === 'COMPLETED');
    await expect.poll(() => outbox().filter((e) => e.path.startsWith('/api/printers/')).length).toBe(1);
    const reports = outbox();
    const jobReports = reports.filter((e) => e.path === `/api/print-jobs/${job.id}/report`);
    // PRINTING is not reported: it lasts as long as the send.
    expect(jobReports.map((e) => [e.method, e.body.status])).toEqual([
      ['POST', 'PENDING'],
      ['POST', 'COMPLETED'],
    ]);
    expect(jobReports[0]?.body).toMatchObject({ printerId: p.id, type: 'kitchen_ticket', ticketed, reprint: false });
    expect(jobReports[1]?.body).toMatchObject({ ticketed: [], attempts: 1, error: null });
    expect(reports.find((e) => e.path === `/api/printers/${p.id}/status`)?.body).toMatchObject({ status: 'ONLINE' });
    // Each report is a mutation of its own.
    expect(new Set(reports.map((e) => e.idempotency_key)).size).toBe(reports.length);
    // A report the cloud refuses, or that keeps failing, is named to staff by what it was about.
    const rw = { mode: 'write' as const, sql: db };
    putPrinter(rw, p);
    expect(reportSubject(rw, { entityType: 'print_job', entityId: job.id })).toBe(
      MESSAGES.printJobReportSubject('Grill'),
    );
    expect(reportSubject(rw, { entityType: 'printer', entityId: p.id })).toBe(MESSAGES.printerReportSubject('Grill'));
    expect(reportSubject(rw, { entityType: 'order_item', entityId: job.id })).toBeNull();
  });

  it('marks a job COMPLETED only once the printer answered GS r', async () => {
    const fake = await printerWithHeldProof();
    const s = service({ confirmTimeoutMs: 30_000 });
    const w = watch();
    s.start();
    const p = printerAt(fake.port);
    const job = s.enqueueKitchenTicket({ dedupeKey: 'held', printer: p, ticket });
    await fake.proofRequested();
    // The bytes are at the printer and the socket write has long returned: still not a print.
    expect(fake.received.join('')).toContain('2 x Burger');
    expect(row(job.id)).toMatchObject({ status: 'PRINTING', sent: 1 });
    expect(s.printerStatuses()[p.id]).toBe('ONLINE');
    fake.releaseProof();
    await w.until((j) => j.id === job.id && j.status === 'COMPLETED');
    expect(row(job.id)).toMatchObject({ status: 'COMPLETED', reprint: 0 });
  });

  it('never resends a job whose bytes went out without a GS r answer: UNCONFIRMED, and later jobs wait', async () => {
    const fake = await printerWithHeldProof();
    const p = printerAt(fake.port);
    // The printer is the terminal's, so the worker keeps asking it its state while nothing prints.
    const s = service({ confirmTimeoutMs: 100, printers: () => [p], idleCheckMs: 50 });
    const w = watch();
    s.start();
    const job = s.enqueueKitchenTicket({ dedupeKey: 'no-proof', printer: p, ticket });
    const later = s.enqueueKitchenTicket({
      dedupeKey: 'behind',
      printer: p,
      ticket: { ...ticket, tableName: 'Table 8' },
    });
    const held = await w.until((j) => j.id === job.id && j.status === 'UNCONFIRMED');
    expect(held).toMatchObject({
      error: MESSAGES.printMayHavePrinted(MESSAGES.printerNoConfirmation),
      reprint: false,
      attempts: 1,
    });
    // The printer answers ready again, and the worker goes over its queue several times more: no
    // copy comes, and the later ticket waits behind the undecided one.
    await expect.poll(() => s.printerStatuses()[p.id]).toBe('ONLINE');
    await workerLooksAgain(p.id, 3);
    expect(fake.received).toHaveLength(1);
    expect(w.statusesOf(job.id)).toEqual(['PENDING', 'PRINTING', 'UNCONFIRMED']);
    expect(s.getJob(later.id)).toMatchObject({ status: 'PENDING', attempts: 0 });
    expect(() => s.retry(job.id)).toThrow(MESSAGES.printJobNotRetryable('UNCONFIRMED'));
  });

  it('Reprint prints an unconfirmed job again marked REPRINT, first, then the printer’s later jobs', async () => {
    const printer = await emulator();
    printer.setCondition('neverAcks');
    const s = service({ confirmTimeoutMs: 100 });
    const w = watch();
    s.start();
    const p = printerAt(printer.port);
    const job = s.enqueueKitchenTicket({ dedupeKey: 'swallowed', printer: p, ticket });
    const later = s.enqueueKitchenTicket({
      dedupeKey: 'next',
      printer: p,
      ticket: { ...ticket, tableName: 'Table 8' },
    });
    await w.until((j) => j.id === job.id && j.status === 'UNCONFIRMED');
    // It did reach the paper, but nothing proved it.
    expect(printer.tickets()).toHaveLength(1);
    expect(() => s.reprint(randomUUID())).toThrow(new PrintServiceError(404, MESSAGES.notFound('Print job')));
    expect(() => s.markPrinted(later.id)).toThrow(
      new PrintServiceError(409, MESSAGES.printJobNotUnconfirmed('PENDING')),
    );
    printer.setCondition('ok');
    expect(s.reprint(job.id)).toMatchObject({ status: 'PENDING', reprint: true, attempts: 0, error: null });
    await w.until((j) => j.id === later.id && j.status === 'COMPLETED');
    const [original, copy, next] = printer.tickets();
    expect(original?.text).not.toContain(REPRINT_BANNER);
    expect(copy?.text.split('\n')[0]).toBe(REPRINT_BANNER);
    expect(copy?.text).toContain('Table 7');
    expect(next?.text).toContain('Table 8');
    expect(next?.text).not.toContain(REPRINT_BANNER);
    expect(printer.tickets()).toHaveLength(3);
    expect(s.getJob(job.id)).toMatchObject({ status: 'COMPLETED', reprint: true });
  });

  it('Mark as printed completes an unconfirmed job without a copy, and the printer’s later jobs go on', async () => {
    const printer = await emulator();
    printer.setCondition('neverAcks');
    const s = service({ confirmTimeoutMs: 100 });
    const w = watch();
    s.start();
    const p = printerAt(printer.port);
    const job = s.enqueueKitchenTicket({ dedupeKey: 'swallowed', printer: p, ticket });
    const later = s.enqueueKitchenTicket({
      dedupeKey: 'next',
      printer: p,
      ticket: { ...ticket, tableName: 'Table 8' },
    });
    await w.until((j) => j.id === job.id && j.status === 'UNCONFIRMED');
    printer.setCondition('ok');
    expect(s.markPrinted(job.id)).toMatchObject({ status: 'COMPLETED', reprint: false, error: null });
    expect(() => s.markPrinted(job.id)).toThrow(MESSAGES.printJobNotUnconfirmed('COMPLETED'));
    expect(() => s.reprint(job.id)).toThrow(MESSAGES.printJobNotUnconfirmed('COMPLETED'));
    await w.until((j) => j.id === later.id && j.status === 'COMPLETED');
    expect(printer.tickets().map((t) => t.text.split('\n')[1])).toEqual(['Table 7', 'Table 8']);
    expect(printer.tickets().some((t) => t.text.includes(REPRINT_BANNER))).toBe(false);
  });

  it('tells "nothing was printed" (a status query that timed out) from "may have printed"', async () => {
    const printer = await emulator();
    printer.setCondition('silent');
    const s = service({ statusTimeoutMs: 100 });
    const w = watch();
    s.start();
    const job = s.enqueueKitchenTicket({ dedupeKey: 'silent-first', printer: printerAt(printer.port), ticket });
    const failed = await w.until((j) => j.id === job.id && j.error !== null && j.status === 'PENDING');
    expect(failed.error).toBe(MESSAGES.printNothingPrinted(MESSAGES.printerNoAnswer));
    expect(failed.error).not.toBe(MESSAGES.printMayHavePrinted(MESSAGES.printerNoAnswer));
    expect(printer.bytesReceived()).toBeGreaterThan(0);
    expect(printer.tickets()).toEqual([]);
  });

  it('keeps a job waiting while the printer is silent, asking its status, and prints it once it answers', async () => {
    const printer = await emulator();
    printer.setCondition('silent');
    const s = service({ statusTimeoutMs: 100 });
    const w = watch();
    s.start();
    const p = printerAt(printer.port);
    const job = s.enqueueKitchenTicket({ dedupeKey: 'silent', printer: p, ticket });
    const waiting = await w.until((j) => j.id === job.id && j.status === 'PENDING' && j.error !== null);
    expect(waiting).toMatchObject({ error: MESSAGES.printNothingPrinted(MESSAGES.printerNoAnswer), reprint: false });
    expect(s.printerStatuses()[p.id]).toBe('OFFLINE');
    // The worker keeps asking (DLE EOT), not resending: the job is not claimed again meanwhile.
    const asked = printer.bytesReceived();
    await expect.poll(() => printer.bytesReceived(), { timeout: 5000 }).toBeGreaterThan(asked + 6);
    expect(w.statusesOf(job.id)).toEqual(['PENDING', 'PRINTING', 'PENDING']);
    printer.setCondition('ok');
    await w.until((j) => j.id === job.id && j.status === 'COMPLETED');
    expect(printer.tickets()).toHaveLength(1);
    expect(printer.tickets()[0]?.text).not.toContain(REPRINT_BANNER);
    expect(row(job.id)).toMatchObject({ status: 'COMPLETED', attempts: 2, reprint: 0, error: null });
  });

  it('holds three tickets in order while the paper is out and prints each once, in order, when it is back', async () => {
    const printer = await emulator();
    printer.setCondition('paperOut');
    const s = service();
    const w = watch();
    const statuses: string[] = [];
    bus.on('printerStatus', ({ status }) => statuses.push(status));
    s.start();
    const p = printerAt(printer.port);
    const jobs = ['1', '2', '3'].map((t) =>
      s.enqueueKitchenTicket({ dedupeKey: `po${t}`, printer: p, ticket: { ...ticket, tableName: `Table ${t}` } }),
    );
    await w.until((j) => j.id === jobs[0]?.id && j.status === 'PENDING' && j.error !== null);
    // A few more passes over the queue (each asks the printer its state): the jobs behind the
    // first are not even tried.
    await workerLooksAgain(p.id, 3);
    expect(s.listJobs().map((j) => [j.status, j.attempts, j.error])).toEqual([
      ['PENDING', 0, null],
      ['PENDING', 0, null],
      ['PENDING', 1, MESSAGES.printNothingPrinted(MESSAGES.printerPaperOut)],
    ]);
    expect(printer.tickets()).toEqual([]);
    printer.setCondition('ok');
    await w.until((j) => j.id === jobs[2]?.id && j.status === 'COMPLETED');
    expect(printer.tickets().map((t) => t.text.split('\n')[1])).toEqual(['Table 1', 'Table 2', 'Table 3']);
    expect(printer.tickets().some((t) => t.text.includes(REPRINT_BANNER))).toBe(false);
    expect(s.listJobs().map((j) => [j.status, j.reprint])).toEqual([
      ['COMPLETED', false],
      ['COMPLETED', false],
      ['COMPLETED', false],
    ]);
    expect(statuses[0]).toBe('PAPER_OUT');
    expect(statuses.at(-1)).toBe('ONLINE');
  });

  it('reports an open cover as the reason while the job waits', async () => {
    const printer = await emulator();
    printer.setCondition('coverOpen');
    const s = service();
    const w = watch();
    s.start();
    const job = s.enqueueKitchenTicket({ dedupeKey: 'cover', printer: printerAt(printer.port), ticket });
    const waiting = await w.until((j) => j.id === job.id && j.status === 'PENDING' && j.error !== null);
    expect(waiting.error).toBe(MESSAGES.printNothingPrinted(MESSAGES.printerCoverOpen));
    printer.setCondition('ok');
    await w.until((j) => j.id === job.id && j.status === 'COMPLETED');
    expect(printer.tickets()).toHaveLength(1);
  });

  it('keeps a job for an unreachable printer waiting, and prints it when the printer comes up', async () => {
    const port = await unusedPort();
    const s = service();
    const w = watch();
    s.start();
    const p = printerAt(port, 'Pass');
    const job = s.enqueueKitchenTicket({ dedupeKey: 'gone', printer: p, ticket });
    const waiting = await w.until((j) => j.id === job.id && j.status === 'PENDING' && j.error !== null);
    expect(waiting).toMatchObject({ error: MESSAGES.printNothingPrinted(MESSAGES.printerUnreachable('Pass')) });
    expect(s.printerStatuses()[p.id]).toBe('OFFLINE');
    // The worker keeps trying to reach it, and the job keeps waiting.
    await workerLooksAgain(p.id, 2);
    expect(s.getJob(job.id)).toMatchObject({ status: 'PENDING', attempts: 1 });
    const printer = await startPrinterEmulator({ port, name: 'Pass' });
    cleanups.push(() => printer.close());
    await w.until((j) => j.id === job.id && j.status === 'COMPLETED');
    expect(printer.tickets()).toHaveLength(1);
    expect(printer.tickets()[0]?.text).not.toContain(REPRINT_BANNER);
    expect(w.statusesOf(job.id)).toEqual(['PENDING', 'PRINTING', 'PENDING', 'PRINTING', 'COMPLETED']);
  });

  it('leaves a job found PRINTING at start-up after its bytes went out to staff; one caught before prints', async () => {
    const printer = await emulator();
    const p = printerAt(printer.port);
    const other = printerAt(printer.port, 'Pass', { station: 'pass' });
    const before = service();
    const crashed = before.enqueueKitchenTicket({ dedupeKey: 'crash-sent', printer: p, ticket });
    const untouched = before.enqueueKitchenTicket({
      dedupeKey: 'crash-unsent',
      printer: other,
      ticket: { ...ticket, tableName: 'Table 8' },
    });
    // As a crash mid-send leaves them: one had started writing, the other had not.
    db.prepare(`UPDATE print_jobs SET status = 'PRINTING', attempts = 1, sent = 1 WHERE id = ?`).run(crashed.id);
    db.prepare(`UPDATE print_jobs SET status = 'PRINTING', attempts = 1, sent = 0 WHERE id = ?`).run(untouched.id);

    const after = service();
    const w = watch();
    after.start();
    await w.until((j) => j.id === untouched.id && j.status === 'COMPLETED');
    expect(printer.tickets().map((t) => t.text)).toEqual([expect.stringContaining('Table 8')]);
    expect(after.getJob(crashed.id)).toMatchObject({
      status: 'UNCONFIRMED',
      reprint: false,
      error: MESSAGES.printMayHavePrinted(MESSAGES.printInterrupted),
    });
    after.reprint(crashed.id);
    await w.until((j) => j.id === crashed.id && j.status === 'COMPLETED');
    expect(printer.tickets()[1]?.text.split('\n')[0]).toBe(REPRINT_BANNER);
    expect(printer.tickets()[1]?.text).toContain('Table 7');
  });

  it('stops at once while a printer that accepted the connection never reads nor answers', async () => {
    const sockets = new Set<net.Socket>();
    const server = net.createServer({ pauseOnConnect: true }, (socket) => {
      sockets.add(socket);
      socket.on('error', () => {});
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    cleanups.push(
      () =>
        new Promise<void>((resolve) => {
          for (const sk of sockets) sk.destroy();
          server.close(() => resolve());
        }),
    );
    const s = service({ statusTimeoutMs: 60_000, confirmTimeoutMs: 60_000, writeTimeoutMs: 60_000 });
    const w = watch();
    s.start();
    const p = printerAt((server.address() as net.AddressInfo).port);
    const job = s.enqueueKitchenTicket({ dedupeKey: 'deaf', printer: p, ticket });
    await w.until((j) => j.id === job.id && j.status === 'PRINTING');
    await expect.poll(() => sockets.size).toBe(1);
    const started = performance.now();
    await s.stop();
    expect(performance.now() - started).toBeLessThan(1000);
    // Nothing left: the next start sends it as the original.
    expect(row(job.id)).toMatchObject({ status: 'PRINTING', sent: 0 });
  });

  it('stops at once mid-job, and the next start leaves the job that may have printed to staff', async () => {
    const fake = await printerWithHeldProof();
    const s = service({ confirmTimeoutMs: 60_000 });
    s.start();
    const job = s.enqueueKitchenTicket({ dedupeKey: 'mid-job', printer: printerAt(fake.port), ticket });
    await fake.proofRequested();
    const started = performance.now();
    await s.stop();
    expect(performance.now() - started).toBeLessThan(1000);
    expect(row(job.id)).toMatchObject({ status: 'PRINTING', sent: 1 });
    const after = service();
    after.start();
    expect(after.getJob(job.id)).toMatchObject({
      status: 'UNCONFIRMED',
      error: MESSAGES.printMayHavePrinted(MESSAGES.printInterrupted),
    });
    expect(fake.received).toHaveLength(1);
  });

  it('enqueues the same dedupeKey once and prints once', async () => {
    const printer = await emulator();
    const s = service();
    const w = watch();
    const p = printerAt(printer.port);
    const first = s.enqueueKitchenTicket({ dedupeKey: 'order-2:grill:fire-1', printer: p, ticket });
    const again = s.enqueueKitchenTicket({
      dedupeKey: 'order-2:grill:fire-1',
      printer: p,
      ticket: { ...ticket, tableName: 'Table 99' },
    });
    expect(again.id).toBe(first.id);
    s.start();
    await w.until((j) => j.id === first.id && j.status === 'COMPLETED');
    const third = s.enqueueKitchenTicket({ dedupeKey: 'order-2:grill:fire-1', printer: p, ticket });
    expect(third).toMatchObject({ id: first.id, status: 'COMPLETED' });
    expect(s.listJobs()).toHaveLength(1);
    expect(printer.tickets()).toHaveLength(1);
    expect(printer.tickets()[0]?.text).toContain('Table 7');
  });

  it('prints a printer’s jobs one at a time in the order they were enqueued', async () => {
    const printer = await emulator();
    const s = service();
    const w = watch();
    const p = printerAt(printer.port);
    const jobs = ['1', '2', '3', '4'].map((t) =>
      s.enqueueKitchenTicket({ dedupeKey: `t${t}`, printer: p, ticket: { ...ticket, tableName: `Table ${t}` } }),
    );
    let printing = 0;
    let overlap = false;
    bus.on('printJob', (j) => {
      if (j.status === 'PRINTING') printing++;
      else if (j.status === 'COMPLETED') printing--;
      if (printing > 1) overlap = true;
    });
    s.start();
    await w.until((j) => j.id === jobs[3]?.id && j.status === 'COMPLETED');
    expect(overlap).toBe(false);
    expect(printer.tickets().map((t) => t.text.split('\n')[1])).toEqual(['Table 1', 'Table 2', 'Table 3', 'Table 4']);
  });

  it('fails a job that cannot be laid out, and retries it by hand: the original, since nothing was sent', async () => {
    const printer = await emulator();
    const s = service();
    const w = watch();
    const job = s.enqueueKitchenTicket({ dedupeKey: 'manual', printer: printerAt(printer.port), ticket });
    const good = db.prepare('SELECT data FROM print_jobs WHERE id = ?').pluck().get(job.id);
    db.prepare(`UPDATE print_jobs SET data = '{}' WHERE id = ?`).run(job.id);
    s.start();
    const failed = await w.until((j) => j.id === job.id && j.status === 'FAILED');
    expect(failed.error).toMatch(/^Nothing was printed: /);
    expect(() => s.retry(randomUUID())).toThrow(new PrintServiceError(404, MESSAGES.notFound('Print job')));
    db.prepare('UPDATE print_jobs SET data = ? WHERE id = ?').run(good, job.id);
    const retried = s.retry(job.id);
    expect(retried).toMatchObject({ status: 'PENDING', attempts: 0, error: null, reprint: false });
    await w.until((j) => j.id === job.id && j.status === 'COMPLETED');
    expect(printer.tickets()[0]?.text).not.toContain(REPRINT_BANNER);
    expect(() => s.retry(job.id)).toThrow(MESSAGES.printJobNotRetryable('COMPLETED'));
  });

  it('prints a test page and refuses empty content', async () => {
    const printer = await emulator();
    const s = service();
    const w = watch();
    s.start();
    const p = printerAt(printer.port);
    expect(() => s.enqueueTest(p, '   ')).toThrow(MESSAGES.testPrintMissing);
    const job = s.enqueueTest(p, 'Hello kitchen');
    expect(job).toMatchObject({ type: 'test', data: JSON.stringify({ content: 'Hello kitchen' }) });
    await w.until((j) => j.id === job.id && j.status === 'COMPLETED');
    expect(printer.tickets()[0]?.text).toMatch(/TEST PRINT\nGrill\n.*\n-+\nHello kitchen/);
  });

  it('prints the time on a test page in the venue’s time zone, as it is when the page prints', async () => {
    const printer = await emulator();
    let timezone = 'America/New_York';
    const s = service({ now: () => new Date('2026-06-14T18:05:00.000Z'), timezone: () => timezone });
    const w = watch();
    s.start();
    const p = printerAt(printer.port);
    const first = s.enqueueTest(p, 'Hello');
    await w.until((j) => j.id === first.id && j.status === 'COMPLETED');
    timezone = 'Europe/Paris';
    const second = s.enqueueTest(p, 'Bonjour');
    await w.until((j) => j.id === second.id && j.status === 'COMPLETED');
    expect(printer.tickets().map((t) => t.text.split('\n')[2])).toEqual(['Jun 14, 2:05 PM', 'Jun 14, 8:05 PM']);
  });

  it('refuses a bad ticket and stores nothing', () => {
    const s = service();
    const p = printerAt(9100);
    expect(() => s.enqueueKitchenTicket({ dedupeKey: 'bad', printer: p, ticket: { ...ticket, items: [] } })).toThrow(
      PrintServiceError,
    );
    expect(() => s.enqueueKitchenTicket({ dedupeKey: '', printer: p, ticket })).toThrow('dedupeKey');
    expect(s.listJobs()).toEqual([]);
  });

  it('reports a USB printer whose device node is missing as unreachable', async () => {
    const s = service();
    const w = watch();
    s.start();
    const p = printerAt(0, 'Bar USB', { connection: 'usb', host: path.join(dir, 'no-such-lp0'), port: null });
    const job = s.enqueueKitchenTicket({ dedupeKey: 'usb', printer: p, ticket });
    const failed = await w.until((j) => j.id === job.id && j.status === 'PENDING' && j.error !== null);
    expect(failed.error).toBe(MESSAGES.printNothingPrinted(MESSAGES.printerUnreachable('Bar USB')));
  });

  it('checks a printer on demand', async () => {
    const printer = await emulator();
    const s = service();
    const p = printerAt(printer.port);
    expect(await s.checkPrinter(p)).toBe('ONLINE');
    printer.setCondition('paperOut');
    expect(await s.checkPrinter(p)).toBe('PAPER_OUT');
    printer.setCondition('coverOpen');
    expect(await s.checkPrinter(p)).toBe('COVER_OPEN');
    printer.setCondition('silent');
    expect(await s.checkPrinter(p)).toBe('OFFLINE');
    expect(s.printerStatuses()).toEqual({ [p.id]: 'OFFLINE' });
  });

  it('reports a printer’s state on the bus when it changes', async () => {
    const printer = await emulator();
    const s = service();
    const p = printerAt(printer.port);
    const seen: string[] = [];
    bus.on('printerStatus', ({ printerId, status }) =>
      seen.push(`${printerId === p.id ? 'grill' : printerId}:${status}`),
    );
    await s.checkPrinter(p);
    await s.checkPrinter(p);
    printer.setCondition('paperOut');
    await s.checkPrinter(p);
    expect(seen).toEqual(['grill:ONLINE', 'grill:PAPER_OUT']);
  });

  it('keeps the state of this terminal’s idle printers live by asking them now and then', async () => {
    const printer = await emulator();
    const p = printerAt(printer.port);
    const s = service({ printers: () => [p], idleCheckMs: 100 });
    const seen: string[] = [];
    bus.on('printerStatus', ({ status }) => seen.push(status));
    expect(s.printerStatuses()).toEqual({});
    s.start();
    await expect.poll(() => s.printerStatuses()[p.id]).toBe('ONLINE');
    printer.setCondition('coverOpen');
    await expect.poll(() => s.printerStatuses()[p.id]).toBe('COVER_OPEN');
    printer.setCondition('ok');
    await expect.poll(() => s.printerStatuses()[p.id]).toBe('ONLINE');
    expect(seen).toEqual(['ONLINE', 'COVER_OPEN', 'ONLINE']);
    expect(printer.tickets()).toEqual([]);
  });
});

describe('backup printers', () => {
  const past = PRINTING.backupAfterMs + 1000;

  /** A station printer (Grill) with a backup (Pass), both this terminal's, and a clock the test moves on. */
  async function station(opts: { backup: boolean }) {
    const main = await emulator('Grill');
    const spare = await emulator('Pass');
    const pass = printerAt(spare.port, 'Pass');
    const grill = printerAt(main.port, 'Grill', { backupPrinterId: opts.backup ? pass.id : null });
    // Real time plus what the test skips, so the worker's polls go on as they would.
    let skipped = 0;
    const s = service({ now: () => new Date(Date.now() + skipped), printers: () => [grill, pass], idleCheckMs: 50 });
    const w = watch();
    return { main, spare, grill, pass, s, w, wait: (ms: number) => (skipped += ms) };
  }

  const firstLine = (t: { text: string } | undefined) => t?.text.split('\n')[0];

  it('moves a ticket that waited past the threshold on a printer out of paper to its backup, marked BACKUP, once', async () => {
    const { main, spare, grill, pass, s, w, wait } = await station({ backup: true });
    main.setCondition('paperOut');
    s.start();
    await expect.poll(() => s.printerStatuses()[pass.id]).toBe('ONLINE');
    const job = s.enqueueKitchenTicket({ dedupeKey: 'late', printer: grill, ticket });
    await expect.poll(() => s.printerStatuses()[grill.id]).toBe('PAPER_OUT');
    // Short of the threshold it waits where it is.
    wait(PRINTING.backupAfterMs - 1000);
    await workerLooksAgain(grill.id, 1);
    expect(s.getJob(job.id)?.status).toBe('PENDING');
    wait(2000);
    const moved = await w.until((j) => j.id === job.id && j.status === 'MOVED');
    expect(moved.error).toBe(MESSAGES.printMovedToBackup('Pass'));
    const copy = await w.until((j) => j.printerId === pass.id && j.status === 'COMPLETED');
    expect(copy).toMatchObject({ printerName: 'Pass', type: 'kitchen_ticket', reprint: false });
    expect(spare.tickets()).toHaveLength(1);
    expect(firstLine(spare.tickets()[0])).toBe('BACKUP - Grill');
    expect(spare.tickets()[0]?.text).toContain('Table 7');
    expect(spare.tickets()[0]?.text).not.toContain(REPRINT_BANNER);

    // The paper comes back: the moved ticket never prints on the main printer; later tickets do.
    main.setCondition('ok');
    await expect.poll(() => s.printerStatuses()[grill.id], { timeout: 3000 }).toBe('ONLINE');
    const later = s.enqueueKitchenTicket({
      dedupeKey: 'after',
      printer: grill,
      ticket: { ...ticket, tableName: 'Table 8' },
    });
    await w.until((j) => j.id === later.id && j.status === 'COMPLETED');
    expect(main.tickets().map((t) => t.text.split('\n')[1])).toEqual(['Table 8']);
    expect(spare.tickets()).toHaveLength(1);
    expect(s.getJob(job.id)?.status).toBe('MOVED');
    expect(w.statusesOf(job.id)).not.toContain('PRINTING');
  });

  it('keeps a ticket waiting on its printer when the station has no backup', async () => {
    const { main, spare, grill, s, w, wait } = await station({ backup: false });
    main.setCondition('paperOut');
    s.start();
    const job = s.enqueueKitchenTicket({ dedupeKey: 'no-backup', printer: grill, ticket });
    await expect.poll(() => s.printerStatuses()[grill.id]).toBe('PAPER_OUT');
    wait(past);
    await workerLooksAgain(grill.id, 1);
    expect(s.getJob(job.id)?.status).toBe('PENDING');
    main.setCondition('ok');
    await w.until((j) => j.id === job.id && j.status === 'COMPLETED');
    expect(main.tickets()).toHaveLength(1);
    expect(firstLine(main.tickets()[0])).toBe('GRILL');
    expect(spare.tickets()).toEqual([]);
  });

  it('keeps a ticket waiting on its printer while the backup is faulty too', async () => {
    const { main, spare, grill, pass, s, w, wait } = await station({ backup: true });
    main.setCondition('paperOut');
    spare.setCondition('coverOpen');
    s.start();
    await expect.poll(() => s.printerStatuses()[pass.id]).toBe('COVER_OPEN');
    const job = s.enqueueKitchenTicket({ dedupeKey: 'both-down', printer: grill, ticket });
    await expect.poll(() => s.printerStatuses()[grill.id]).toBe('PAPER_OUT');
    wait(past);
    await workerLooksAgain(grill.id, 1);
    expect(s.getJob(job.id)?.status).toBe('PENDING');
    expect(s.listJobs()).toHaveLength(1);
    main.setCondition('ok');
    await w.until((j) => j.id === job.id && j.status === 'COMPLETED');
    expect(main.tickets()).toHaveLength(1);
    expect(spare.tickets()).toEqual([]);
  });

  it('never moves a ticket whose bytes went out to its printer: it is UNCONFIRMED, for staff', async () => {
    const { main, spare, grill, pass, s, w, wait } = await station({ backup: true });
    main.setCondition('neverAcks');
    s.start();
    await expect.poll(() => s.printerStatuses()[pass.id]).toBe('ONLINE');
    const job = s.enqueueKitchenTicket({ dedupeKey: 'swallowed', printer: grill, ticket });
    await w.until((j) => j.id === job.id && j.status === 'UNCONFIRMED');
    wait(past);
    await workerLooksAgain(grill.id, 1);
    expect(s.getJob(job.id)?.status).toBe('UNCONFIRMED');
    expect(spare.tickets()).toEqual([]);
    expect(s.listJobs()).toHaveLength(1);
  });

  it('does not move a test print', async () => {
    const { main, spare, grill, s, wait } = await station({ backup: true });
    main.setCondition('paperOut');
    s.start();
    const job = s.enqueueTest(grill, 'Hello');
    await expect.poll(() => s.printerStatuses()[grill.id]).toBe('PAPER_OUT');
    wait(past);
    await workerLooksAgain(grill.id, 1);
    expect(s.getJob(job.id)?.status).toBe('PENDING');
    expect(spare.tickets()).toEqual([]);
  });
});
