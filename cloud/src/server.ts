// One cloud instance: the HTTP API, the /ws hub on the same server (its fan-out on this process or,
// with liveFanout 'process', on a child process of its own), the course firer and the sweep of
// expired idempotency records and sign-in counts.
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { availableParallelism } from 'node:os';
import path from 'node:path';
import type { Duplex } from 'node:stream';
import type { SelfSeatingLimits } from '@tablewise/shared';
import { createApp } from './app.js';
import { archiveOldEvents, EVENTS_ARCHIVE_DEFAULTS, type EventsArchiveOptions } from './commands/events-archive.js';
import { releaseExpiredHolds } from './commands/guest-holds.js';
import { expirePendingCashShares } from './commands/payments.js';
import { expireSeatRequests } from './commands/seat-requests.js';
import { runStuckCheck } from './commands/stuck-check.js';
import type { Db } from './context.js';
import { createNotifier } from './db/notify.js';
import { type ExpirySweeper, startExpirySweeper } from './expiry-sweeper.js';
import { createLogger, type Logger } from './log/logger.js';
import { type Mailer, mailerFrom } from './mail/mailer.js';
import { diskObjectStore, type ObjectStore } from './objects/store.js';
import { CloudMetrics } from './ops/metrics.js';
import { type InstanceState, Readiness } from './ops/readiness.js';
import { type PaymentSettings, paymentProviders } from './payments/providers.js';
import { type PeriodicPass, startPeriodic } from './periodic.js';
import { type CourseFirer, startCourseFirer } from './realtime/course-firer.js';
import { FanoutPool } from './realtime/fanout-process.js';
import { LiveHub } from './realtime/hub.js';
import { LiveGate, type LiveSink } from './realtime/live-gate.js';
import { memoryLimits, postgresLimits } from './security/limits.js';
import { UsageCounter } from './usage/usage.js';

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
  /** How often guests' cash shares nobody verified are expired (a minute by default). */
  cashShareSweepIntervalMs?: number;
  /** How often the API calls counted here are added to the month's usage (a minute by default). */
  usageFlushIntervalMs?: number;
  /** How often the stuck-state check runs across all instances (5 minutes, spec 3 section 9). */
  stuckCheckIntervalMs?: number;
  /** How often this instance asks whether the check is due (30 s by default). */
  stuckCheckPollMs?: number;
  /** The events' archive job: its interval across all instances, batch and batches a run
   * (EVENTS_ARCHIVE_DEFAULTS when not given). */
  eventsArchive?: Partial<EventsArchiveOptions>;
  /** How often this instance asks whether the archive job is due (a minute by default). */
  eventsArchivePollMs?: number;
  /** The clock; injectable for tests of course firing. */
  now?: () => Date;
  /** Structured log (pino): main.ts gives one at LOG_LEVEL; silent when not given (tests, the bench). */
  log?: Logger;
  /** METRICS_TOKEN: /metrics answers whoever sends it as a bearer token; unset, loopback only. */
  metricsToken?: string;
  /** Self-seating limits other than SELF_SEATING_LIMITS (tests that seat many parties from one address). */
  selfSeatingLimits?: SelfSeatingLimits;
  /** How often the hub re-reads venues with sockets in case a notification was lost. */
  hubSafetyPollMs?: number;
  /** How often the hub re-checks each socket's access (LIVE_LIMITS.revalidateMs by default). */
  hubRevalidateMs?: number;
  /** Bytes waiting for one live socket past which the hub drops it (about 1 MB by default). */
  hubMaxBufferedBytes?: number;
  /** How often the hub pings each live socket and cuts one that did not answer (30 s by default). */
  hubHeartbeatMs?: number;
  /** Where uploaded files go; a folder on disk (OBJECTS_DIR, default .data/objects) when not given. */
  objectStore?: ObjectStore;
  /**
   * Where the live sockets are fed: 'inline' on this process (the default), or 'process' on a
   * fan-out process of its own, restarted if it dies (needs databaseUrl; main.ts runs it so).
   */
  liveFanout?: 'inline' | 'process';
  /** How many fan-out processes with liveFanout 'process' (default: the cores but one, 1 to 4). */
  liveFanoutProcesses?: number;
  /** Where mail goes: SMTP_URL's server, else a local mailbox (mail/mailer.ts). */
  mail?: Mailer;
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
  /** Runs one pass expiring guests' cash shares nobody verified now; answers how many. */
  expireCashShares(): Promise<number>;
  /** Runs the stuck-state check now if its interval is due; answers how many tables and parties
   * it acted on, or -1 when it was not due. */
  checkStuckTables(): Promise<number>;
  /** Runs the events' archive job now if its interval is due; answers how many events it moved
   * to the archive, or -1 when it was not due. */
  archiveEvents(): Promise<number>;
  /** Adds the API calls counted so far to the month's usage now. */
  flushUsage(): Promise<void>;
  /** The live fan-out processes' ids, when the instance runs them (liveFanout 'process'). */
  fanoutPids(): number[];
  /**
   * Stops taking traffic: readiness answers 503 from now on, so the load balancer moves new
   * requests elsewhere while the ones in flight finish. close() drains first by itself.
   */
  drain(): void;
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
  const log = opts.log ?? createLogger({ level: 'silent' });
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

  const objects = opts.objectStore ?? diskObjectStore(path.resolve(process.env.OBJECTS_DIR ?? '.data/objects'));
  const payments = paymentProviders(opts.payments);
  const mail = opts.mail ?? mailerFrom(process.env);
  const limits = opts.databaseUrl ? postgresLimits(opts.databaseUrl) : memoryLimits();
  const usage = new UsageCounter();
  const state: InstanceState = { started: false, draining: false };
  const readiness = new Readiness(opts.db, state, log);
  const metrics = new CloudMetrics(opts.db);
  const deps = {
    db: opts.db,
    secret: opts.secret,
    publicUrl,
    now,
    log,
    objects,
    payments,
    mail,
    limits,
    metrics,
    readiness,
    usage,
    ...(opts.selfSeatingLimits ? { selfSeatingLimits: opts.selfSeatingLimits } : {}),
  };
  const app = createApp({
    ...deps,
    metricsToken: opts.metricsToken,
    guestWebDir: opts.guestWebDir,
    staffWebDir: opts.staffWebDir,
    trustProxy: opts.trustProxy ?? 0,
  });
  server.on('request', app.callback());
  // Until the live gate takes /ws (the fan-out processes take a few seconds to start), an upgrade
  // is told to come back, not handed to the HTTP app, which would answer 404 as if /ws did not exist.
  const notYet = (_req: unknown, socket: Duplex) => {
    socket.end('HTTP/1.1 503 Service Unavailable\r\nRetry-After: 1\r\nConnection: close\r\nContent-Length: 0\r\n\r\n');
  };
  server.on('upgrade', notYet);

  let hub: LiveHub | undefined;
  let fanout: FanoutPool | undefined;
  let gate: LiveGate | undefined;
  let firer: CourseFirer | undefined;
  let sweeper: ExpirySweeper | undefined;
  let holdSweeper: PeriodicPass | undefined;
  let stuckCheck: PeriodicPass | undefined;
  let cashShareSweep: PeriodicPass | undefined;
  let usageFlush: PeriodicPass | undefined;
  let eventsArchive: PeriodicPass | undefined;
  const notifier = await createNotifier(opts.db, {
    ...(opts.databaseUrl ? { databaseUrl: opts.databaseUrl } : {}),
    log,
    onReconnect: () => hub?.refreshAll(),
  });
  state.notifications = () => notifier.listening();
  try {
    const hubOptions = {
      ...(opts.hubSafetyPollMs ? { safetyPollMs: opts.hubSafetyPollMs } : {}),
      ...(opts.hubMaxBufferedBytes ? { maxBufferedBytes: opts.hubMaxBufferedBytes } : {}),
      ...(opts.hubHeartbeatMs ? { heartbeatMs: opts.hubHeartbeatMs } : {}),
    };
    let sink: LiveSink;
    if (opts.liveFanout === 'process') {
      if (!opts.databaseUrl) throw new Error("liveFanout 'process' needs databaseUrl (a PostgreSQL server)");
      const processes = opts.liveFanoutProcesses ?? Math.min(4, Math.max(1, availableParallelism() - 1));
      fanout = await FanoutPool.start(processes, {
        databaseUrl: opts.databaseUrl,
        hub: hubOptions,
        log,
        gone: (id) => gate?.gone(id),
      });
      sink = fanout;
      const pool = fanout;
      state.fanout = () => pool.pids().length === processes;
    } else {
      const inline = new LiveHub({ ...deps, hubMetrics: metrics.hub }, { ...hubOptions, gone: (id) => gate?.gone(id) });
      await inline.listen(notifier);
      hub = inline;
      sink = inline;
    }
    gate = new LiveGate(deps, sink, opts.hubRevalidateMs ? { revalidateMs: opts.hubRevalidateMs } : {});
    await gate.start(server, notifier);
    server.off('upgrade', notYet);
    const liveGate = gate;
    const pool = fanout;
    metrics.attach({
      sockets: () => liveGate.socketCounts(),
      ...(pool ? { fanoutMetrics: () => pool.metrics() } : {}),
    });
    firer = startCourseFirer(deps, opts.fireIntervalMs ?? 1000);
    sweeper = startExpirySweeper(deps, opts.sweepIntervalMs ?? 10 * 60_000);
    // A request that waited for the host as long as its hold closes with it (issue 27).
    const sweepHolds = async () => (await expireSeatRequests(deps)) + (await releaseExpiredHolds(deps));
    holdSweeper = startPeriodic('hold expiry', sweepHolds, opts.holdSweepIntervalMs ?? 5_000, log);
    cashShareSweep = startPeriodic(
      'cash share expiry',
      () => opts.db.transaction((trx) => expirePendingCashShares(trx, now(), 100)),
      opts.cashShareSweepIntervalMs ?? 60_000,
      log,
    );
    usageFlush = startPeriodic(
      'usage',
      () => usage.flush(opts.db, now()).then(() => 0),
      opts.usageFlushIntervalMs ?? 60_000,
      log,
    );
    const stuckInterval = opts.stuckCheckIntervalMs;
    stuckCheck = startPeriodic(
      'stuck-state check',
      () => runStuckCheck(deps, stuckInterval),
      opts.stuckCheckPollMs ?? 30_000,
      log,
    );
    const archiveOptions = { ...EVENTS_ARCHIVE_DEFAULTS, ...opts.eventsArchive };
    eventsArchive = startPeriodic(
      'events archive',
      () => archiveOldEvents(deps, archiveOptions),
      opts.eventsArchivePollMs ?? 60_000,
      log,
    );
    state.started = true;
  } catch (error) {
    await gate?.close();
    await hub?.close();
    await fanout?.close();
    await notifier.close();
    await limits.close();
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
    expireCashShares: () => (cashShareSweep as PeriodicPass).tick(),
    checkStuckTables: () => (stuckCheck as PeriodicPass).tick(),
    archiveEvents: () => (eventsArchive as PeriodicPass).tick(),
    flushUsage: () => usage.flush(opts.db, now()),
    fanoutPids: () => fanout?.pids() ?? [],
    drain() {
      state.draining = true;
    },
    close() {
      closing ??= (async () => {
        state.draining = true;
        await firer?.stop();
        await sweeper?.stop();
        await holdSweeper?.stop();
        await stuckCheck?.stop();
        await cashShareSweep?.stop();
        await usageFlush?.stop();
        await eventsArchive?.stop();
        await gate?.close();
        await hub?.close();
        await fanout?.close();
        await notifier.close();
        server.closeAllConnections();
        await new Promise<void>((resolve) => server.close(() => resolve()));
        // The last minute's API calls, once no request is left to count.
        await usage.flush(opts.db, now()).catch((err) => log.error({ err }, 'usage not saved at shutdown'));
        await limits.close();
      })();
      return closing;
    },
  };
}
