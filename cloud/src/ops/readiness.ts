// Liveness and readiness of one instance. Alive is the process answering at all; ready is what a
// load balancer needs before it sends traffic: the instance finished starting, PostgreSQL answers
// within READINESS.databaseTimeoutMs, the LISTEN connection that wakes the live hub is up, the
// fan-out processes run, and the instance is not draining for a shutdown. Nothing here restarts
// anything: the pool makes new connections and the notifier reconnects by itself, so an instance
// that lost PostgreSQL reports not ready and, once the database is back, ready again.
import { READINESS, type ReadinessAnswer } from '@tablewise/shared';
import type { Queryable } from '../context.js';
import type { Logger } from '../log/logger.js';
import { pingDatabase } from '../repositories/database-epoch.js';

type Checks = ReadinessAnswer['checks'];

/** What the running instance tells the probe; all optional so a bare app (tests) is ready once its database is. */
export interface InstanceState {
  started: boolean;
  draining: boolean;
  /** Whether the LISTEN connection is up. */
  notifications?: () => boolean;
  /** Whether every live fan-out process runs. */
  fanout?: () => boolean;
}

export class Readiness {
  readonly startedAt = Date.now();
  private ping: { done: Promise<void>; at: number } | undefined;
  private lastReady: boolean | undefined;

  constructor(
    private readonly db: Queryable,
    readonly state: InstanceState,
    private readonly log?: Logger,
    private readonly timeoutMs: number = READINESS.databaseTimeoutMs,
  ) {}

  /**
   * One `select 1` at a time: while the database hangs, probes share the one in flight instead of
   * queueing a connection request each in the pool. One that has hung for five timeouts (a
   * connection whose packets vanish never errors) is given up, so the probe sees a recovery.
   */
  private pingOnce(): Promise<void> {
    if (!this.ping || Date.now() - this.ping.at > this.timeoutMs * 5) {
      const ping = {
        at: Date.now(),
        done: pingDatabase(this.db).finally(() => {
          if (this.ping === ping) this.ping = undefined;
        }),
      };
      ping.done.catch(() => {});
      this.ping = ping;
    }
    return this.ping.done;
  }

  private async database(): Promise<{ ok: boolean; detail?: string }> {
    let timer: NodeJS.Timeout | undefined;
    const late = new Promise<{ ok: false; detail: string }>((resolve) => {
      timer = setTimeout(() => resolve({ ok: false, detail: `no answer within ${this.timeoutMs} ms` }), this.timeoutMs);
    });
    try {
      return await Promise.race([this.pingOnce().then(() => ({ ok: true })), late]);
    } catch (err) {
      // The cause goes to the log, not to whoever asked: the probe is public.
      this.log?.warn({ err }, 'readiness: the database did not answer');
      return { ok: false, detail: 'unreachable' };
    } finally {
      clearTimeout(timer);
    }
  }

  async check(): Promise<{ ready: boolean; checks: Checks; failed: string[] }> {
    const { state } = this;
    const checks: Checks = {
      started: state.started ? { ok: true } : { ok: false, detail: 'still starting' },
      draining: state.draining ? { ok: false, detail: 'shutting down' } : { ok: true },
      database: await this.database(),
    };
    if (state.notifications) {
      checks.notifications = state.notifications() ? { ok: true } : { ok: false, detail: 'LISTEN connection lost' };
    }
    if (state.fanout)
      checks.fanout = state.fanout() ? { ok: true } : { ok: false, detail: 'a fan-out process is restarting' };
    const failed = Object.entries(checks).flatMap(
      ([name, c]: [string, { ok: boolean; detail?: string } | undefined]) =>
        c?.ok ? [] : [`${name} ${c?.detail ?? ''}`.trim()],
    );
    const ready = failed.length === 0;
    if (ready !== this.lastReady) {
      if (ready) this.log?.info('instance ready');
      else this.log?.warn({ failed }, 'instance not ready');
      this.lastReady = ready;
    }
    return { ready, checks, failed };
  }
}
