// The routes a tier serves against the routes the OpenAPI document says it serves, for the tests
// of both tiers that fail when one has a route the other lacks. Test support only: no tier ships it.

import type { CallSpec } from '../calls/define.js';
import type { openApiDocument } from '../calls/openapi.js';

/** `GET /api/menu` for each route a set of Koa routers serves (HEAD, which Koa adds, left out),
 * with Koa's `:id` written as OpenAPI's `{id}`. */
export function servedRoutes(
  routers: readonly { stack: readonly { path: string | RegExp; methods: readonly string[] }[] }[],
) {
  return routers
    .flatMap((router) => router.stack)
    .flatMap((layer) =>
      layer.methods
        .filter((m) => m !== 'HEAD')
        .map((m) => `${m} ${String(layer.path).replace(/:([A-Za-z]+)/g, '{$1}')}`),
    )
    .sort();
}

/** The same for the calls a document lists as served by `tier`. */
export function documentedRoutes(document: ReturnType<typeof openApiDocument>, tier: CallSpec['tiers'][number]) {
  return Object.entries(document.paths)
    .flatMap(([path, operations]) =>
      Object.entries(operations)
        .filter(([, operation]) => operation['x-tiers'].includes(tier))
        .map(([method]) => `${method.toUpperCase()} ${path}`),
    )
    .sort();
}
