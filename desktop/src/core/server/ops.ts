// Operating the terminal core (issue 27): a request id on every local request and its log lines,
// and GET /metrics for a scraper on this machine. The core serves only 127.0.0.1 (and its host
// guard refuses other hosts), so its metrics are loopback-only by construction; an agent in the
// venue (Prometheus in agent mode, Grafana Alloy) scrapes them and forwards them. The cloud
// cannot know a terminal's outbox while the terminal is offline, which is when it matters.
import { randomUUID } from 'node:crypto';
import { PRINT_JOB_STATUSES, PRINTER_STATUSES } from '@tablewise/shared';
import { acceptableRequestId, REQUEST_ID_HEADER } from '@tablewise/shared/logging';
import type { Context, Next } from 'koa';
import { collectDefaultMetrics, Gauge, Registry } from 'prom-client';
import { inRequest, log } from '../log.js';
import { nextPending } from '../sqlite/repositories/outbox.js';
import { listPrinters } from '../sqlite/repositories/printers.js';
import type { LocalServerDeps } from './deps.js';

/** Gives the request an id (kept from X-Request-Id when sane), runs it under that id, and logs it. */
export async function requestId(ctx: Context, next: Next): Promise<void> {
  const given = ctx.get(REQUEST_ID_HEADER);
  const id = acceptableRequestId(given) ? given : randomUUID();
  ctx.set(REQUEST_ID_HEADER, id);
  await inRequest(id, async () => {
    const started = performance.now();
    try {
      await next();
    } finally {
      if (ctx.path.startsWith('/api')) {
        const fields = {
          method: ctx.method,
          path: ctx.path,
          status: ctx.status,
          ms: Math.round(performance.now() - started),
        };
        if (ctx.status >= 500) log.error(fields, 'request answered');
        else log.debug(fields, 'request answered');
      }
    }
  });
}

type MetricsDeps = Pick<LocalServerDeps, 'read' | 'status' | 'printJobs'>;

/** The terminal's registry: its outbox, its link to the cloud, its printers and print jobs. */
function terminalMetrics(deps: MetricsDeps): Registry {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  const gauge = (name: string, help: string, labelNames: string[], collect: (g: Gauge) => void) =>
    new Gauge({
      name,
      help,
      labelNames,
      registers: [registry],
      collect() {
        this.reset();
        collect(this);
      },
    });
  gauge('tablewise_terminal_online', '1 while the terminal reaches the cloud', [], (g) =>
    g.set(deps.status().online ? 1 : 0),
  );
  gauge('tablewise_terminal_paired', "1 while the cloud accepts the terminal's credential", [], (g) =>
    g.set(deps.status().paired ? 1 : 0),
  );
  gauge('tablewise_terminal_cursor', 'The last event of the venue applied to the replica', [], (g) =>
    g.set(deps.status().cursor),
  );
  gauge('tablewise_terminal_outbox_pending', 'Changes made here and not yet accepted by the cloud', [], (g) =>
    g.set(deps.status().outbox.pending),
  );
  gauge('tablewise_terminal_outbox_rejected', 'Changes the cloud refused, waiting for staff to see them', [], (g) =>
    g.set(deps.status().outbox.rejected.length),
  );
  gauge('tablewise_terminal_outbox_stuck', 'Pending changes that keep failing while online', [], (g) =>
    g.set(deps.status().outbox.stuck?.length ?? 0),
  );
  gauge('tablewise_terminal_outbox_oldest_age_seconds', 'Age of the oldest pending change (0 when none)', [], (g) => {
    const head = nextPending(deps.read);
    g.set(head ? Math.max(0, (Date.now() - Date.parse(head.createdAt)) / 1000) : 0);
  });
  gauge(
    'tablewise_terminal_printer_status',
    'Each printer of the venue in its current status (1), by name',
    ['printer', 'status'],
    (g) => {
      for (const printer of listPrinters(deps.read)) {
        for (const status of PRINTER_STATUSES)
          g.set({ printer: printer.name, status }, printer.status === status ? 1 : 0);
      }
    },
  );
  gauge('tablewise_terminal_print_jobs', 'Print jobs on this terminal by status', ['status'], (g) => {
    const jobs = deps.printJobs();
    for (const status of PRINT_JOB_STATUSES) g.set({ status }, jobs.filter((j) => j.status === status).length);
  });
  return registry;
}

/** GET /metrics (outside /api): the registry in Prometheus's text format; the terminal's ids as labels. */
export function metricsRoute(deps: MetricsDeps) {
  const registry = terminalMetrics(deps);
  return async (ctx: Context, next: Next): Promise<void> => {
    if (ctx.path !== '/metrics' || ctx.method !== 'GET') return next();
    const { terminalId, venueId } = deps.status();
    // Until its first copy of the venue the terminal does not know its ids.
    registry.setDefaultLabels({ terminal: terminalId ?? 'unknown', venue: venueId ?? 'unknown' });
    ctx.set('Content-Type', registry.contentType);
    ctx.set('Cache-Control', 'no-store');
    ctx.body = await registry.metrics();
  };
}
