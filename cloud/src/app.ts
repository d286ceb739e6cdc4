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
  for (const [i, router] of apiRouters(deps).entries()) {
    // Koa passes its context; the router's middlewares add their fields to it as they run.
    const dispatch = router.routes() as Koa.Middleware<AppState>;
    const allowed = router.allowedMethods() as Koa.Middleware<AppState>;
    const routes: Koa.Middleware<AppState> = (ctx, next) => dispatch(ctx, () => allowed(ctx, next));
    // The first always runs: it starts ctx.matched, and its allowedMethods, around every router
    // after it, answers 405 and OPTIONS for them all as each of theirs would.
    app.use(i === 0 ? routes : onlyForItsPaths(router, routes));
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

/**
 * Characters of a route's path from which it is no longer plain text (path-to-regexp's
 * parameters, wildcards, groups and escapes).
 */
const PATTERN = /[:*?+!()[\]{}\\]/;

/**
 * `routes` (the router's routes and allowedMethods) for a request whose path one of the router's
 * routes could match, and straight on to the next middleware for any other (issue 28). Each
 * router tried its every route's pattern on every request that reached it: an order went past
 * eleven routers' patterns before its own. A route's path matches only paths that begin with its
 * plain-text start (case aside: routes are case-insensitive), so a router none of whose starts
 * begins the path would have matched nothing and passed the request on unchanged; its
 * allowedMethods would have found what the first router's (around it) finds.
 * @internal exported for its test
 */
export function onlyForItsPaths(router: AppRouter, routes: Koa.Middleware<AppState>): Koa.Middleware<AppState> {
  const starts: string[] = [];
  for (const layer of router.stack) {
    if (typeof layer.path !== 'string') return routes;
    const cut = layer.path.search(PATTERN);
    starts.push((cut === -1 ? layer.path : layer.path.slice(0, cut)).toLowerCase());
  }
  // The fewest starts that cover them all: none that another begins.
  const kept = [...new Set(starts)].filter((s, _, all) => !all.some((t) => t !== s && s.startsWith(t)));
  return (ctx, next) => {
    const path = ctx.path.toLowerCase();
    for (const start of kept) if (path.startsWith(start)) return routes(ctx, next);
    return next();
  };
}

/** `METHOD /path` of every route the routers serve, as Koa routes them. */
function servedRoutes(routers: readonly AppRouter[]): ReadonlySet<string> {
  const out = new Set<string>();
  for (const router of routers) {
    for (const layer of router.stack) for (const method of layer.methods) out.add(`${method} ${layer.path}`);
  }
  return out;
}
