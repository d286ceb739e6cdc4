// The Koa application. Middleware runs in this order, on purpose: the request id and log wrap
// everything so the log line shows the final status, and the metrics count it too; security
// headers go on every answer, errors included; errors are shaped next so everything after is
// covered; then /metrics (outside /api, for the operator's scraper), the origin check and body
// reader; principal resolution; the API routes; and last the static sites for every non-API path.
import Koa from 'koa';
import type { AppDeps, AppState } from './context.js';
import { errorHandler } from './middleware/error-handler.js';
import { jsonBody } from './middleware/json-body.js';
import { originCheck } from './middleware/origin-check.js';
import { principalsMiddleware } from './middleware/principals.js';
import { requestId } from './middleware/request-id.js';
import { securityHeaders } from './middleware/security-headers.js';
import { metricsRoute } from './ops/metrics.js';
import { alertsRouter } from './routes/alerts/router.js';
import { analyticsRouter } from './routes/analytics/router.js';
import { authRouter } from './routes/auth/router.js';
import { demoRouter } from './routes/demo/router.js';
import { eventsRouter } from './routes/events/router.js';
import { floorLayoutRouter } from './routes/floor-layout/router.js';
import { guestRouter } from './routes/guest/router.js';
import { guestDataRouter } from './routes/guest-data/router.js';
import { healthRouter } from './routes/health/router.js';
import type { AppRouter } from './routes/http.js';
import { marketplacePages, marketplaceRouter } from './routes/marketplace/router.js';
import { menuRouter } from './routes/menu/router.js';
import { objectsRouter } from './routes/objects/router.js';
import { openApiRouter } from './routes/openapi/router.js';
import { orderItemsRouter } from './routes/order-items/router.js';
import { ordersRouter } from './routes/orders/router.js';
import { organizationsRouter } from './routes/organizations/router.js';
import { partyPhonesRouter } from './routes/party-phones/router.js';
import { paymentsRouter } from './routes/payments/router.js';
import { printJobsRouter } from './routes/print-jobs/router.js';
import { printersRouter } from './routes/printers/router.js';
import { qaRouter } from './routes/qa/router.js';
import { reservationsRouter } from './routes/reservations/router.js';
import { restaurantsRouter } from './routes/restaurants/router.js';
import { runnerRouter } from './routes/runner/router.js';
import { seatRequestsRouter } from './routes/seat-requests/router.js';
import { setupRouter } from './routes/setup/router.js';
import { staffRouter } from './routes/staff/router.js';
import { syncRouter } from './routes/sync/router.js';
import { tablesRouter } from './routes/tables/router.js';
import { tasksRouter } from './routes/tasks/router.js';
import { terminalsRouter } from './routes/terminals/router.js';
import { venuesRouter } from './routes/venues/router.js';
import { visitsRouter } from './routes/visits/router.js';
import { waitlistRouter } from './routes/waitlist/router.js';
import { type StaticSites, staticSites } from './static-sites.js';
import { countApiCalls } from './usage/usage.js';

export type AppOptions = AppDeps &
  StaticSites & {
    /** Proxies in front to trust for the client's address and protocol; 0 trusts none. */
    trustProxy: number;
    /** METRICS_TOKEN: /metrics answers whoever sends it as a bearer token; unset, loopback only. */
    metricsToken?: string | undefined;
  };

export function createApp(deps: AppOptions): Koa<AppState> {
  const app = new Koa<AppState>();
  if (deps.trustProxy > 0) {
    app.proxy = true;
    // The address each trusted proxy appended, counted from the right: entries further left are
    // whatever the client wrote and could be forged.
    app.maxIpsCount = deps.trustProxy;
  }
  app.use(requestId(deps));
  if (deps.metrics) app.use(deps.metrics.middleware());
  app.use(securityHeaders());
  app.use(errorHandler(deps));
  if (deps.metrics) app.use(metricsRoute(deps.metrics, deps.metricsToken));
  app.use(originCheck(deps));
  app.use(jsonBody());
  app.use(principalsMiddleware(deps));
  app.use(countApiCalls(deps.usage));
  for (const router of apiRouters(deps)) {
    app.use(router.routes());
    app.use(router.allowedMethods());
  }
  // A restaurant's public profile page (issue 24), before the staff app's catch-all.
  app.use(marketplacePages(deps).routes());
  app.use(staticSites(deps));
  return app;
}

/**
 * Every API router, in the order they are tried.
 * @internal exported for the test that matches the served routes to the OpenAPI document
 */
export function apiRouters(deps: AppDeps): AppRouter[] {
  const routers: AppRouter[] = [];
  routers.push(
    healthRouter(deps),
    openApiRouter(),
    authRouter(deps),
    terminalsRouter(deps),
    guestRouter(deps),
    menuRouter(deps),
    tablesRouter(deps),
    seatRequestsRouter(deps),
    partyPhonesRouter(deps),
    waitlistRouter(deps),
    floorLayoutRouter(deps),
    ordersRouter(deps),
    orderItemsRouter(deps),
    syncRouter(deps),
    printersRouter(deps),
    printJobsRouter(deps),
    reservationsRouter(deps),
    tasksRouter(deps),
    alertsRouter(deps),
    objectsRouter(deps),
    runnerRouter(deps),
    paymentsRouter(deps),
    eventsRouter(deps),
    visitsRouter(deps),
    demoRouter(deps),
    staffRouter(deps),
    organizationsRouter(deps),
    guestDataRouter(deps),
    marketplaceRouter(deps),
    venuesRouter(deps),
    restaurantsRouter(deps),
    setupRouter(deps),
    analyticsRouter(deps),
    // The QA dashboard's Broken Buttons scan checks the routes of every router here, itself included.
    qaRouter(deps, () => servedRoutes(routers)),
  );
  return routers;
}

/** `METHOD /path` of every route the routers serve, as Koa routes them. */
function servedRoutes(routers: readonly AppRouter[]): ReadonlySet<string> {
  const out = new Set<string>();
  for (const router of routers) {
    for (const layer of router.stack) for (const method of layer.methods) out.add(`${method} ${layer.path}`);
  }
  return out;
}
