// The cloud's command-line entry: migrate, then serve.
// `--new-epoch` instead gives the database a new identity and exits: run it once after restoring
// the database from a backup, before serving, so every terminal rebuilds its replica from a
// snapshot rather than trusting a cursor into the database as it was before the restore.
// Environment: DATABASE_URL (PostgreSQL server; without it, embedded PGlite in DATA_DIR),
// PORT (default 8080), HOST (default 0.0.0.0), PUBLIC_URL (origin in QR codes), APP_SECRET
// (required with DATABASE_URL; signs QR tokens and guest cookies), DATA_DIR (default ./.data),
// GUEST_WEB_DIR and STAFF_WEB_DIR (built sites; default guest-web/dist and desktop/dist/web),
// TRUST_PROXY (how many proxies, such as a TLS terminator, stand in front: 1 for one; default 0),
// OBJECTS_DIR (uploaded menu photos; default DATA_DIR/objects), or OBJECTS_S3_BUCKET with
// OBJECTS_S3_ENDPOINT, OBJECTS_S3_REGION, OBJECTS_S3_ACCESS_KEY_ID, OBJECTS_S3_SECRET_ACCESS_KEY and
// OBJECTS_S3_FORCE_PATH_STYLE to keep them in an S3-compatible bucket instead (see the README).
// Mail goes to SMTP_URL's server; without it, to a local mailbox, whose page MAILBOX_PORT serves
// on 127.0.0.1 (as `npm start` does; the end-to-end journeys read invitations there).
// LOG_LEVEL (fatal, error, warn, info (default), debug, trace, silent: JSON lines on stdout),
// METRICS_TOKEN (GET /metrics answers only a bearer of it; unset, only loopback), and
// SHUTDOWN_DRAIN_MS (on SIGTERM, how long readiness answers 503 before the instance closes, so
// the load balancer stops sending it requests first; default 0).
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { DEFAULT_PORT } from '@tablewise/shared';
import { appSecret } from './app-secret.js';
import { closeDb, connectDb } from './db/connect.js';
import { migrateLatest } from './db/migrate.js';
import { createLogger } from './log/logger.js';
import { startMailboxPage } from './mail/mailbox-page.js';
import { LocalMailbox, mailerFrom } from './mail/mailer.js';
import { objectStoreFrom } from './objects/from-env.js';
import { stripeSettingsFrom } from './payments/providers.js';
import { renewDatabaseEpoch } from './repositories/database-epoch.js';
import { startCloud, trustProxyFrom } from './server.js';

const root = path.resolve(import.meta.dirname, '../..');

const log = createLogger();

async function main(): Promise<void> {
  const databaseUrl = process.env.DATABASE_URL || undefined;
  const dataDir = path.resolve(process.env.DATA_DIR ?? path.join(root, '.data'));
  mkdirSync(dataDir, { recursive: true });
  const port = Number(process.env.PORT ?? DEFAULT_PORT);
  if (!Number.isInteger(port) || port < 0 || port > 65535)
    throw new Error(`PORT must be a port number, got ${process.env.PORT}`);
  // Before the database: a photo store that is misconfigured or out of reach fails the start.
  const objectStore = await objectStoreFrom(process.env, path.join(dataDir, 'objects'));

  const db = await connectDb(databaseUrl ? { databaseUrl, log } : { dataDir: path.join(dataDir, 'pglite'), log });
  await migrateLatest(db);
  if (process.argv.includes('--new-epoch')) {
    const epoch = await renewDatabaseEpoch(db);
    console.log(`The database has a new epoch, ${epoch}: terminals will rebuild their replicas from it.`);
    await closeDb(db);
    return;
  }
  const mail = mailerFrom(process.env);
  const mailboxPage =
    process.env.MAILBOX_PORT && mail instanceof LocalMailbox
      ? await startMailboxPage(mail, Number(process.env.MAILBOX_PORT))
      : undefined;
  if (mailboxPage) console.log(`Mailbox: ${mailboxPage.url}/`);
  const cloud = await startCloud({
    db,
    mail,
    ...(databaseUrl ? { databaseUrl } : {}),
    port,
    host: process.env.HOST ?? '0.0.0.0',
    ...(process.env.PUBLIC_URL ? { publicUrl: process.env.PUBLIC_URL } : {}),
    secret: appSecret(dataDir, databaseUrl),
    guestWebDir: path.resolve(process.env.GUEST_WEB_DIR ?? path.join(root, 'guest-web/dist')),
    staffWebDir: path.resolve(process.env.STAFF_WEB_DIR ?? path.join(root, 'desktop/dist/web')),
    log,
    ...(process.env.METRICS_TOKEN ? { metricsToken: process.env.METRICS_TOKEN } : {}),
    trustProxy: trustProxyFrom(process.env.TRUST_PROXY),
    objectStore,
    // On a PostgreSQL server the live sockets are fed from a process of their own (issue 8).
    liveFanout: databaseUrl ? 'process' : 'inline',
    // PAYMENTS_DEMO=1: cards go to the demo provider (test numbers only, labelled on the page), for
    // the demo and the end-to-end tests; never together with Stripe.
    payments: { stripe: stripeSettingsFrom(process.env), demo: process.env.PAYMENTS_DEMO === '1' },
  });
  console.log(`Tablewise cloud listening on ${cloud.url}`);

  const drainMs = Number(process.env.SHUTDOWN_DRAIN_MS ?? 0);
  if (!Number.isInteger(drainMs) || drainMs < 0) {
    throw new Error(`SHUTDOWN_DRAIN_MS must be a number of milliseconds, got ${process.env.SHUTDOWN_DRAIN_MS}`);
  }
  let stopping = false;
  const stop = async () => {
    if (stopping) return;
    stopping = true;
    cloud.drain();
    log.info({ drainMs }, 'shutting down: not ready from now on');
    if (drainMs > 0) await new Promise((resolve) => setTimeout(resolve, drainMs));
    await cloud.close();
    await mailboxPage?.close();
    await closeDb(db);
    process.exit(0);
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}

main().catch((error) => {
  log.fatal({ err: error }, 'the cloud could not start');
  // The human reading a terminal gets the message too, whatever LOG_LEVEL says.
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
