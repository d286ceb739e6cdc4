// The terminal's local server: the staff app and the venue-scoped API on 127.0.0.1 only.
// Middleware order: request id and log, guard (host and origin), error shape, /metrics, API
// routes, static app.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { notFound } from '@tablewise/shared';
import Koa from 'koa';
import type { LocalServerDeps } from './deps.js';
import { errorHandler } from './errors.js';
import { hostGuard } from './guard.js';
import { LocalLive } from './live.js';
import { metricsRoute, requestId } from './ops.js';
import { alertsRouter } from './routes/alerts/router.js';
import { authRouter } from './routes/auth/router.js';
import { guestRequestsRouter } from './routes/guest-requests/router.js';
import { menuRouter } from './routes/menu/router.js';
import { orderItemsRouter } from './routes/order-items/router.js';
import { ordersRouter } from './routes/orders/router.js';
import { paymentsRouter } from './routes/payments/router.js';
import { printRouter } from './routes/print/router.js';
import { printJobsRouter } from './routes/print-jobs/router.js';
import { printersRouter } from './routes/printers/router.js';
import { reportsRouter } from './routes/reports/router.js';
import { reservationsRouter } from './routes/reservations/router.js';
import { runnerRouter } from './routes/runner/router.js';
import { tablesRouter } from './routes/tables/router.js';
import { tasksRouter } from './routes/tasks/router.js';
import { terminalRouter } from './routes/terminal/router.js';
import { waitlistRouter } from './routes/waitlist/router.js';
import type { LocalRouter } from './serve.js';
import { serveStatic } from './static.js';

const LOCAL_HOST = '127.0.0.1';

export interface LocalServer {
  url: string;
  port: number;
  live: LocalLive;
  close(): Promise<void>;
}

/** `liveRevalidateMs`: how often the live channel re-checks each socket's sign-in (tests shorten it). */
export async function startLocalServer(
  deps: LocalServerDeps,
  port: number,
  liveRevalidateMs?: number,
): Promise<LocalServer> {
  let boundPort = port;
  const app = new Koa();
  app.use(requestId);
  app.use(hostGuard(() => boundPort));
  app.use(errorHandler);
  app.use(metricsRoute(deps));
  for (const router of apiRouters(deps)) {
    app.use(router.routes()).use(router.allowedMethods());
  }
  app.use(serveStatic(deps.staticDir));
  app.use(async (ctx) => {
    if (ctx.path.startsWith('/api')) throw notFound('Route');
    ctx.status = 404;
    ctx.body = { message: 'Not Found' };
  });

  const server: Server = createServer(app.callback());
  const live = new LocalLive(deps, () => boundPort, liveRevalidateMs);
  server.on('upgrade', (req, socket, head) => live.handleUpgrade(req, socket, head));

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, LOCAL_HOST, () => {
      server.off('error', reject);
      resolve();
    });
  });
  boundPort = (server.address() as AddressInfo).port;
  return {
    url: `http://${LOCAL_HOST}:${boundPort}`,
    port: boundPort,
    live,
    close: () =>
      new Promise<void>((resolve) => {
        live.close();
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/**
 * The local API's routers: the calls whose modules name the terminal.
 * @internal exported for the test that matches the served routes to the OpenAPI document
 */
export function apiRouters(deps: LocalServerDeps): LocalRouter[] {
  return [
    authRouter(deps),
    menuRouter(deps),
    tablesRouter(deps),
    waitlistRouter(deps),
    ordersRouter(deps),
    orderItemsRouter(deps),
    printersRouter(deps),
    printJobsRouter(deps),
    terminalRouter(deps),
    reservationsRouter(deps),
    tasksRouter(deps),
    alertsRouter(deps),
    printRouter(deps),
    runnerRouter(deps),
    paymentsRouter(deps),
    reportsRouter(deps),
    guestRequestsRouter(deps),
  ];
}
