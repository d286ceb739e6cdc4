// The system under chaos, as real processes: the cloud on its own PostgreSQL database, one terminal
// core paired to the demo venue, and one printer emulator per station (in this process, so a
// printer can be stopped and started again on its port, and its paper outlives a restart).
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { baseTestDatabaseUrl } from '../../cloud/src/test/database.js';
import { freePort, type Proc, runTsxJson, startNode, startTsx, waitForHttp } from '../../e2e/support/processes.js';
import { currentCoreBundle } from '../build-stamp.js';
import { assignVenuePrinters, DEMO_MANAGER, DEMO_STATIONS } from '../demo.js';
import { type EmulatedTicket, type PrinterEmulator, startPrinterEmulators } from '../printer-emulator/emulator.js';

export interface Paper {
  station: string;
  text: string;
}

/** One station's printer: its emulator while it runs, and every ticket it printed in any of its lives. */
class StationPrinter {
  private emulator: PrinterEmulator | null = null;
  private earlier: EmulatedTicket[] = [];

  constructor(
    readonly station: string,
    readonly port: number,
  ) {}

  get running(): PrinterEmulator | null {
    return this.emulator;
  }

  async start(): Promise<void> {
    if (this.emulator) return;
    const [emulator] = await startPrinterEmulators([{ name: `${this.station} Printer`, port: this.port }]);
    this.emulator = emulator ?? null;
  }

  async stop(): Promise<void> {
    if (!this.emulator) return;
    this.earlier.push(...this.emulator.tickets());
    const e = this.emulator;
    this.emulator = null;
    await e.close();
  }

  paper(): Paper[] {
    return [...this.earlier, ...(this.emulator?.tickets() ?? [])].map((t) => ({ station: this.station, text: t.text }));
  }
}

export interface Stack {
  cloudUrl: string;
  terminalUrl: string;
  databaseUrl: string;
  venueId: string;
  tableIds: string[];
  printers: StationPrinter[];
  db: pg.Client;
  /** Every process's output so far, including the processes that were killed. */
  logs(): string[];
  startCloud(): Promise<void>;
  killCloud(): Promise<void>;
  startTerminal(opts?: { pair?: boolean }): Promise<void>;
  killTerminal(): Promise<void>;
  terminalId(): string;
  close(): Promise<void>;
}

const CLOUD_SECRET = 'chaos-secret-chaos-secret-chaos-secret';

export async function startStack(log: (line: string) => void): Promise<Stack> {
  const procs: Proc[] = [];
  // Its own database, migrated by the seed (not a copy of the tests' template, which concurrent
  // test runs may rebuild or drop).
  const dbName = `tw_chaos_${randomBytes(4).toString('hex')}`;
  const databaseUrl = new URL(baseTestDatabaseUrl());
  databaseUrl.pathname = `/${dbName}`;
  const database = { url: databaseUrl.toString() };
  const admin = async (sql: string) => {
    const c = new pg.Client({ connectionString: baseTestDatabaseUrl() });
    await c.connect();
    try {
      await c.query(sql);
    } finally {
      await c.end();
    }
  };
  let client: pg.Client | null = null;
  const dataDir = mkdtempSync(join(tmpdir(), 'tw-chaos-'));
  const printers: StationPrinter[] = [];
  let cloud: Proc | null = null;
  let terminal: Proc | null = null;

  const close = async () => {
    for (const p of procs) await p.kill('SIGKILL');
    for (const p of printers) await p.stop();
    await client?.end().catch(() => undefined);
    await admin(`drop database if exists "${dbName}" with (force)`).catch(() => undefined);
    rmSync(dataDir, { recursive: true, force: true });
  };

  try {
    // The terminal runs from its bundle, as a venue runs it (npm run terminal:built): npm run build's,
    // or built now when the sources changed since.
    const coreBundle = currentCoreBundle();
    await admin(`create database "${dbName}"`);
    for (const station of DEMO_STATIONS) printers.push(new StationPrinter(station, await freePort()));
    for (const p of printers) await p.start();

    const seed = await runTsxJson<{ venueId: string; tableIds: string[] }>(
      'scripts/demo-cli.ts',
      ['seed', ...printers.flatMap((p) => ['--printer', `${p.station}=127.0.0.1:${p.port}`])],
      { DATABASE_URL: database.url },
    );
    const cloudPort = await freePort();
    const cloudUrl = `http://127.0.0.1:${cloudPort}`;
    const cloudEnv = {
      DATABASE_URL: database.url,
      PORT: String(cloudPort),
      HOST: '127.0.0.1',
      PUBLIC_URL: cloudUrl,
      APP_SECRET: CLOUD_SECRET,
    };
    const startCloud = async () => {
      cloud = startTsx('cloud', 'cloud/src/main.ts', [], cloudEnv);
      procs.push(cloud);
      await waitForHttp(`${cloudUrl}/api/auth/me`, cloud);
    };
    await startCloud();

    const terminalDir = join(dataDir, 'terminal');
    await runTsxJson('scripts/demo-cli.ts', ['pair', '--cloud', cloudUrl, '--data-dir', terminalDir], {
      DATABASE_URL: database.url,
    });
    const terminalPort = await freePort();
    const terminalUrl = `http://127.0.0.1:${terminalPort}`;
    const terminalId = () =>
      (JSON.parse(readFileSync(join(terminalDir, 'terminal.json'), 'utf8')) as { terminalId: string }).terminalId;

    client = new pg.Client({ connectionString: database.url });
    await client.connect();
    const db = client;

    const startTerminal = async (opts: { pair?: boolean } = {}) => {
      const pairArgs = opts.pair
        ? ['--pair', '--email', DEMO_MANAGER.email, '--password', DEMO_MANAGER.password, '--name', 'Chaos re-paired']
        : [];
      terminal = startNode('terminal', coreBundle, [
        '--cloud',
        cloudUrl,
        '--data-dir',
        terminalDir,
        '--port',
        String(terminalPort),
        ...pairArgs,
      ]);
      procs.push(terminal);
      await waitForHttp(`${terminalUrl}/api/auth/me`, terminal);
      if (opts.pair) {
        // A re-paired terminal is a new terminal in the cloud: the venue's printers move to it
        // through the API, as `npm start` and the demo's pairing do.
        await assignVenuePrinters(cloudUrl, terminalId());
        log(`re-paired as terminal ${terminalId()}`);
      }
    };
    await startTerminal();

    return {
      cloudUrl,
      terminalUrl,
      databaseUrl: database.url,
      venueId: seed.venueId,
      tableIds: seed.tableIds,
      printers,
      db,
      logs: () => procs.map((p) => p.output()),
      startCloud,
      killCloud: async () => {
        await cloud?.kill('SIGKILL');
      },
      startTerminal,
      killTerminal: async () => {
        await terminal?.kill('SIGKILL');
      },
      terminalId,
      close,
    };
  } catch (error) {
    await close();
    throw error;
  }
}
