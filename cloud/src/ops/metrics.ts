// The instance's Prometheus metrics (GET /metrics, prom-client). Each instance has a registry of
// its own (tests run several clouds in one process), merged at scrape time with the fan-out
// processes' (their event lag and frames) and with the process-wide counters a command bumps
// (payment outcomes). Labels are bounded: a route is its template (/api/orders/:id), never the
// raw path, so an id in a path cannot grow the series without end.
import { timingSafeEqual } from 'node:crypto';
import { MESSAGES } from '@tablewise/shared';
import type Koa from 'koa';
import {
  AggregatorRegistry,
  Counter,
  collectDefaultMetrics,
  Gauge,
  Histogram,
  type MetricObjectWithValues,
  type MetricValue,
  register as processRegistry,
  Registry,
} from 'prom-client';
import type { Queryable } from '../context.js';
import { countPrintersByStatus } from '../repositories/operations.js';

/** Seconds; from a cache hit (1 ms) to a slow report (10 s). */
const LATENCY_BUCKETS = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];
/** Seconds from an event's commit to its frame leaving for the sockets. */
const LAG_BUCKETS = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 15];

/** What the live hub records, in whichever process it runs (once per event, not per socket). */
export interface HubMetrics {
  eventLag: Histogram;
}

export function createHubMetrics(registry: Registry): HubMetrics {
  return {
    eventLag: new Histogram({
      name: 'tablewise_live_event_lag_seconds',
      help: 'Time from an event being written (its transaction) to its frames being handed to the live sockets',
      buckets: LAG_BUCKETS,
      registers: [registry],
    }),
  };
}

/** Payment outcomes are counted where the payment changes, in any instance of this process. */
const paymentOutcomes = new Counter({
  name: 'tablewise_payments_total',
  help: 'Payments by provider, method and the status they reached (COMPLETED, PENDING, FAILED, ...)',
  labelNames: ['method', 'status'],
  registers: [processRegistry],
});

/** Counts a payment that reached `status`, once its transaction commits. */
export function countPaymentOutcome(
  trx: { executionPromise?: Promise<unknown> } | undefined,
  payment: { method: string; status: string },
): void {
  const count = () => paymentOutcomes.inc({ method: payment.method, status: payment.status });
  if (trx?.executionPromise) trx.executionPromise.then(count, () => {});
  else count();
}

export interface InstanceProbes {
  /** Open live sockets by who holds them. */
  sockets?: () => Record<string, number>;
  /** The fan-out processes' metrics, when the instance runs them. */
  fanoutMetrics?: () => Promise<MetricObjectWithValues<MetricValue<string>>[][]>;
}

export class CloudMetrics {
  readonly registry = new Registry();
  readonly hub: HubMetrics;
  private readonly requests: Counter<'method' | 'route' | 'status'>;
  private readonly latency: Histogram<'method' | 'route'>;
  private probes: InstanceProbes = {};

  constructor(db: Queryable) {
    collectDefaultMetrics({ register: this.registry });
    this.hub = createHubMetrics(this.registry);
    this.requests = new Counter({
      name: 'tablewise_http_requests_total',
      help: 'HTTP requests by method, route template and status',
      labelNames: ['method', 'route', 'status'],
      registers: [this.registry],
    });
    this.latency = new Histogram({
      name: 'tablewise_http_request_duration_seconds',
      help: 'HTTP request latency by method and route template',
      labelNames: ['method', 'route'],
      buckets: LATENCY_BUCKETS,
      registers: [this.registry],
    });
    const probes = () => this.probes;
    new Gauge({
      name: 'tablewise_live_sockets',
      help: 'Open live (/ws) sockets on this instance, by who holds them',
      labelNames: ['kind'],
      registers: [this.registry],
      collect() {
        this.reset();
        for (const [kind, n] of Object.entries(probes().sockets?.() ?? {})) this.set({ kind }, n);
      },
    });
    new Gauge({
      name: 'tablewise_printers',
      help: 'Printers (not removed) by the status their terminals last reported; the same on every instance',
      labelNames: ['status'],
      registers: [this.registry],
      async collect() {
        this.reset();
        for (const { status, count } of await countPrintersByStatus(db)) this.set({ status }, count);
      },
    });
  }

  /** What only the running instance can answer (its sockets, its fan-out processes). */
  attach(probes: InstanceProbes): void {
    this.probes = probes;
  }

  /** Counts and times every request, by its route's template. */
  middleware(): Koa.Middleware {
    return async (ctx, next) => {
      const stop = this.latency.startTimer();
      try {
        await next();
      } finally {
        const route = routeOf(ctx);
        stop({ method: ctx.method, route });
        this.requests.inc({ method: ctx.method, route, status: String(ctx.status) });
      }
    };
  }

  /** The exposition text: this instance, its fan-out processes and the process-wide counters. */
  async text(): Promise<{ contentType: string; body: string }> {
    // A fan-out process that does not answer in time is left out of this scrape, not waited for.
    const fanout = (await this.probes.fanoutMetrics?.().catch(() => [])) ?? [];
    const merged =
      fanout.length > 0
        ? AggregatorRegistry.aggregate([await this.registry.getMetricsAsJSON(), ...fanout])
        : this.registry;
    const body = `${await merged.metrics()}\n${await processRegistry.metrics()}`;
    return { contentType: this.registry.contentType, body };
  }
}

/** The template @koa/router matched, or what kind of path it was when none did. */
function routeOf(ctx: Koa.Context): string {
  const matched = (ctx as unknown as { _matchedRoute?: unknown })._matchedRoute;
  if (typeof matched === 'string') return matched;
  if (ctx.path === '/metrics') return '/metrics';
  return ctx.path.startsWith('/api') ? '(unmatched)' : '(static)';
}

/**
 * Who may read /metrics: with METRICS_TOKEN set, whoever sends it as a bearer token; without it,
 * only a scraper on this host: the socket's own address is loopback (never judged by
 * X-Forwarded-For, which a client writes), and the request did not come through a proxy (a proxy
 * on this host connects from loopback too, but says whom it forwards for).
 * @internal exported for its test
 */
export function metricsAllowed(ctx: Koa.Context, token: string | undefined): boolean {
  if (token) {
    const given = /^Bearer (.+)$/.exec(ctx.get('Authorization'))?.[1] ?? '';
    const a = Buffer.from(given);
    const b = Buffer.from(token);
    return a.length === b.length && timingSafeEqual(a, b);
  }
  const address = ctx.req.socket.remoteAddress ?? '';
  const loopback = address === '127.0.0.1' || address === '::1' || address === '::ffff:127.0.0.1';
  const proxied = ctx.get('X-Forwarded-For') !== '' || ctx.get('Forwarded') !== '';
  return loopback && !proxied;
}

/** GET /metrics, before every other route and outside /api (it is not part of the contract). */
export function metricsRoute(metrics: CloudMetrics, token: string | undefined): Koa.Middleware {
  return async (ctx, next) => {
    if (ctx.path !== '/metrics' || ctx.method !== 'GET') return next();
    if (!metricsAllowed(ctx, token)) {
      ctx.status = 403;
      ctx.body = { message: MESSAGES.metricsRefused, id: 'forbidden' };
      return;
    }
    const { contentType, body } = await metrics.text();
    ctx.set('Content-Type', contentType);
    ctx.set('Cache-Control', 'no-store');
    ctx.body = body;
  };
}
