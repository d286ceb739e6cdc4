// One cloud instance: the HTTP API, the /ws hub on the same server, the course firer and the sweep
// of expired idempotency records and sign-in counts.
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createApp } from './app.js';
import { releaseExpiredHolds } from './commands/guest-holds.js';
import type { Db } from './context.js';
import { createNotifier } from './db/notify.js';
import { type ExpirySweeper, startExpirySweeper } from './expiry-sweeper.js';
import { type PaymentSettings, paymentProviders } from './payments/providers.js';
import { type PeriodicPass, startPeriodic } from './periodic.js';
import { type CourseFirer, startCourseFirer } from './realtime/course-firer.js';
import { LiveHub } from './realtime/hub.js';

export interface StartCloudOptions {
  db: Db;
  /** The PostgreSQL server's URL, for the hub's LISTEN connection (omit on embedded PGlite). */
  databaseUrl?: string;
  port?: number;
  host?: string;
  /** The origin guests reach (QR URLs); defaults to the server's own URL. */
  publicUrl?: string;
  secret: string;
  guestWebDir?: string;
  staffWebDir?: string;
  fireIntervalMs?: number;
  /** How often expired idempotency records and sign-in counts are deleted. */
  sweepIntervalMs?: number;
  /**
   * How many proxies in front of the cloud to trust (TRUST_PROXY): the client's address is read
   * from X-Forwarded-For that many hops back, and X-Forwarded-Proto says whether the request came
   * over TLS (cookies are then Secure). 0, the default, ignores both headers.
   */
  trustProxy?: number;
  /** How often tables whose guest hold ran out are freed (5 s by default). */
  holdSweepIntervalMs?: number;
  /** The clock; injectable for tests of course firing. */
  now?: () => Date;
  /** Request and error log; silent when not given. */
  log?: (line: string) => void;
  /** How often the hub re-reads venues with sockets in case a notification was lost. */
  hubSafetyPollMs?: number;
  /** How often the hub re-checks each socket's access (LIVE_LIMITS.revalidateMs by default). */
  hubRevalidateMs?: number;
  /** Bytes waiting for one live socket past which the hub drops it (about 1 MB by default). */
  hubMaxBufferedBytes?: number;
  /** Card payments: Stripe (STRIPE_SECRET_KEY), the embedded demo's provider, or none. */
  payments?: PaymentSettings;
}

export interface RunningCloud {
  url: string;
  port: number;
  /** Runs one course-firing pass now. */
  fireDueCourses(): Promise<number>;
  /** Runs one sweep of expired records now; answers how many it deleted. */
  sweepExpired(): Promise<number>;
  /** Runs one pass freeing tables whose guest hold ran out now; answers how many. */
  releaseExpiredHolds(): Promise<number>;
  close(): Promise<void>;
}

/** TRUST_PROXY: how many proxies stand in front of the cloud (unset or empty: none). */
export function trustProxyFrom(value: string | undefined): number {
  if (!value) return 0;
  const hops = Number(value);
  if (!Number.isInteger(hops) || hops < 0) {
    throw new Error(`TRUST_PROXY must be the number of proxies in front of the cloud (1 for one), got ${value}`);
  }
  return hops;
}

export async function startCloud(opts: StartCloudOptions): Promise<RunningCloud> {
  if (!opts.secret) throw new Error('startCloud needs a secret (APP_SECRET) to sign QR tokens and guest cookies');
  const log = opts.log ?? (() => {});
  const now = opts.now ?? (() => new Date());
  const host = opts.host ?? '127.0.0.1';
  const server = createServer();
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(opts.port ?? 0, host, () => resolve());
  });
  const port = (server.address() as AddressInfo).port;
  const url = `http://${host === '0.0.0.0' || host === '::' ? '127.0.0.1' : host}:${port}`;
  const publicUrl = (opts.publicUrl ?? url).replace(/\/+$/, '');

  const deps = { db: opts.db, secret: opts.secret, publicUrl, now, log, payments: paymentProviders(opts.payments) };
  const app = createApp({
    ...deps,
    guestWebDir: opts.guestWebDir,
    staffWebDir: opts.staffWebDir,
    trustProxy: opts.trustProxy ?? 0,
  });
  server.on('request', app.callback());

  let hub: LiveHub | undefined;
  let firer: CourseFirer | undefined;
  let sweeper: ExpirySweeper | undefined;
  let holdSweeper: PeriodicPass | undefined;
  const notifier = await createNotifier(opts.db, {
    ...(opts.databaseUrl ? { databaseUrl: opts.databaseUrl } : {}),
    onReconnect: () => hub?.refreshAll(),
  });
  try {
    hub = new LiveHub(deps, {
      ...(opts.hubSafetyPollMs ? { safetyPollMs: opts.hubSafetyPollMs } : {}),
      ...(opts.hubRevalidateMs ? { revalidateMs: opts.hubRevalidateMs } : {}),
      ...(opts.hubMaxBufferedBytes ? { maxBufferedBytes: opts.hubMaxBufferedBytes } : {}),
    });
    await hub.start(server, notifier);
    firer = startCourseFirer(deps, opts.fireIntervalMs ?? 1000);
    sweeper = startExpirySweeper(deps, opts.sweepIntervalMs ?? 10 * 60_000);
    holdSweeper = startPeriodic('hold expiry', () => releaseExpiredHolds(deps), opts.holdSweepIntervalMs ?? 5_000, log);
  } catch (error) {
    await notifier.close();
    server.close();
    throw error;
  }

  let closing: Promise<void> | undefined;
  return {
    url,
    port,
    fireDueCourses: () => (firer as CourseFirer).tick(),
    sweepExpired: () => (sweeper as ExpirySweeper).tick(),
    releaseExpiredHolds: () => (holdSweeper as PeriodicPass).tick(),
    close() {
      closing ??= (async () => {
        await firer?.stop();
        await sweeper?.stop();
        await holdSweeper?.stop();
        await hub?.close();
        await notifier.close();
        server.closeAllConnections();
        await new Promise<void>((resolve) => server.close(() => resolve()));
      })();
      return closing;
    },
  };
}
