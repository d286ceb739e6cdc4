// `npm start`: the whole product in one process tree. Cloud on the embedded database (or
// DATABASE_URL), the demo venue seeded once, a printer emulator per kitchen station and one
// terminal core paired to the demo venue, so that the demo prints.
import { execSync } from 'node:child_process';
import { existsSync, mkdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { DEFAULT_PORT, PRINTING } from '@tablewise/shared';
import { logLevelFrom } from '@tablewise/shared/logging';
import { appSecret } from '../cloud/src/app-secret.js';
import { closeDb, connectDb } from '../cloud/src/db/connect.js';
import { migrateLatest } from '../cloud/src/db/migrate.js';
import { seedDemo } from '../cloud/src/db/seed/demo.js';
import { createLogger } from '../cloud/src/log/logger.js';
import { startMailboxPage } from '../cloud/src/mail/mailbox-page.js';
import { LocalMailbox, mailerFrom } from '../cloud/src/mail/mailer.js';
import { objectStoreFrom } from '../cloud/src/objects/from-env.js';
import { stripeSettingsFrom } from '../cloud/src/payments/providers.js';
import { startCloud, trustProxyFrom } from '../cloud/src/server.js';
import { startTerminalCore } from '../desktop/src/core/core.js';
import { assignVenuePrinters, DEMO_STATIONS, pairDemoTerminal, tableQrUrl } from './demo.js';
import { startEmulatorControl } from './printer-emulator/control.js';
import { startPrinterEmulators } from './printer-emulator/emulator.js';

const root = resolve(import.meta.dirname, '..');
const { values } = parseArgs({
  options: {
    demo: { type: 'boolean', default: false },
    'no-terminal': { type: 'boolean', default: false },
  },
  allowPositionals: true,
});

const databaseUrl = process.env.DATABASE_URL || undefined;
const dataDir = resolve(process.env.DATA_DIR ?? join(root, '.data'));
const port = Number(process.env.PORT ?? DEFAULT_PORT);
const terminalPort = Number(process.env.TERMINAL_PORT ?? 8181);
const printerBasePort = Number(process.env.PRINTER_BASE_PORT ?? PRINTING.defaultPort + 1);
const printerControlPort = Number(process.env.PRINTER_CONTROL_PORT ?? 9180);
const mailboxPort = Number(process.env.MAILBOX_PORT ?? 9190);
const demo = !databaseUrl || values.demo;
const guestWebDir = join(root, 'guest-web/dist');
const staffWebDir = join(root, 'desktop/dist/web');

function ensureBuilt(): void {
  if (!existsSync(join(guestWebDir, 'index.html'))) {
    console.log('Building the guest site…');
    execSync('npm run build -w guest-web', { cwd: root, stdio: 'inherit' });
  }
  if (!existsSync(join(staffWebDir, 'index.html'))) {
    console.log('Building the staff app…');
    execSync('npm run build:web -w desktop', { cwd: root, stdio: 'inherit' });
  }
}

async function main(): Promise<void> {
  mkdirSync(dataDir, { recursive: true });
  // Menu photos: OBJECTS_DIR (default DATA_DIR/objects) or an S3-compatible bucket (OBJECTS_S3_*);
  // a misconfigured or unreachable bucket stops the start here.
  const objectStore = await objectStoreFrom(process.env, join(dataDir, 'objects'));
  ensureBuilt();
  const db = await connectDb({ databaseUrl, dataDir: join(dataDir, 'pglite') });
  await migrateLatest(db);
  const closers: (() => Promise<void>)[] = [];

  let seed: Awaited<ReturnType<typeof seedDemo>> | undefined;
  if (demo) {
    const emulators = await startPrinterEmulators(
      DEMO_STATIONS.map((station, i) => ({ name: `${station} Printer`, port: printerBasePort + i })),
    );
    const control = await startEmulatorControl({ emulators, port: printerControlPort });
    closers.push(async () => {
      await control.close();
      await Promise.all(emulators.map((e) => e.close()));
    });
    seed = await seedDemo(db, {
      printers: DEMO_STATIONS.map((station, i) => ({ station, host: '127.0.0.1', port: printerBasePort + i })),
    });
  }

  // Mail (invitations, password resets): SMTP_URL's server, else a local mailbox with its own page,
  // as the printer emulator has one for tickets.
  let mailboxUrl: string | undefined;
  let mail = process.env.SMTP_URL ? mailerFrom(process.env) : undefined;
  if (!mail) {
    const mailbox = new LocalMailbox(process.env.MAIL_FROM || undefined);
    const page = await startMailboxPage(mailbox, mailboxPort);
    closers.push(() => page.close());
    mailboxUrl = page.url;
    mail = mailbox;
  }

  const publicUrl = process.env.PUBLIC_URL ?? `http://localhost:${port}`;
  // The demo's sign-in is printed below and in the README: with it, the cloud stays on this
  // machine unless HOST says otherwise.
  const host = process.env.HOST ?? (demo ? '127.0.0.1' : '0.0.0.0');
  const cloud = await startCloud({
    db,
    databaseUrl,
    port,
    host,
    publicUrl,
    secret: appSecret(dataDir, databaseUrl),
    guestWebDir,
    staffWebDir,
    trustProxy: trustProxyFrom(process.env.TRUST_PROXY),
    objectStore,
    liveFanout: databaseUrl ? 'process' : 'inline',
    mail,
    // The demo's console stays for the lines above: warnings and errors (a 5xx with its stack)
    // only, unless LOG_LEVEL asks for more.
    log: createLogger({ level: logLevelFrom({ LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn' }) }),
    // The embedded demo takes the card networks' test numbers (labelled demo on the bill page).
    payments: demo ? { demo: true } : { stripe: stripeSettingsFrom(process.env) },
  });
  closers.unshift(() => cloud.close());
  const cloudUrl = `http://127.0.0.1:${cloud.port}`;
  console.log(`Cloud:     ${publicUrl}/  (staff app; sign in as manager@demo.test / demo-manager)`);
  if (demo) {
    const reach = process.env.HOST
      ? `: anyone who reaches ${host}:${cloud.port} can sign in as the manager`
      : ', so the cloud listens on this machine only (set HOST to open it wider)';
    console.log(`Note:      the demo password is public${reach}`);
  }
  if (mailboxUrl)
    console.log(
      `Mailbox:   ${mailboxUrl}/  (mail the cloud sent: invitations, password resets; set SMTP_URL for real mail)`,
    );

  if (seed && !values['no-terminal']) {
    const terminalDir = join(dataDir, 'terminal');
    const paired = await pairDemoTerminal({ cloudUrl, dataDir: terminalDir });
    await assignVenuePrinters(cloudUrl, paired.terminalId);
    const terminal = await startTerminalCore({
      cloudUrl,
      credential: paired.credential,
      dataDir: terminalDir,
      port: terminalPort,
      staticDir: staffWebDir,
      printing: true,
    });
    closers.unshift(() => terminal.close());
    console.log(`Terminal:  ${terminal.url}/  (the in-venue staff app, from its SQLite replica)`);
    console.log(`Guest:     ${await tableQrUrl({ cloudUrl, publicUrl, tableId: seed.tableIds[0] as string })}`);
    console.log(`Printers:  http://127.0.0.1:${printerControlPort}/  (tickets the emulated printers received)`);
  }

  let stopping = false;
  const stop = async () => {
    if (stopping) return;
    stopping = true;
    for (const close of closers) await close().catch((err) => console.error(err));
    await closeDb(db);
    process.exit(0);
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
