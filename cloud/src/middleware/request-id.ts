import { randomUUID } from 'node:crypto';
import { acceptableRequestId, REQUEST_ID_HEADER } from '@tablewise/shared/logging';
import type Koa from 'koa';
import type { AppDeps, AppState } from '../context.js';
import { inRequest } from '../log/logger.js';

/**
 * Gives every request an id (kept from X-Request-Id when a proxy or a terminal set one), runs the
 * rest of the request under it, so every line logged meanwhile names it, and logs the request when
 * done: method, route template, status and time. No query string, body or header is logged.
 */
export function requestId(deps: Pick<AppDeps, 'log'>): Koa.Middleware<AppState> {
  return async (ctx, next) => {
    const given = ctx.get(REQUEST_ID_HEADER);
    ctx.state.requestId = acceptableRequestId(given) ? given : randomUUID();
    ctx.set(REQUEST_ID_HEADER, ctx.state.requestId);
    await inRequest(ctx.state.requestId, async () => {
      const started = performance.now();
      try {
        await next();
      } finally {
        if (ctx.path.startsWith('/api')) {
          const route = (ctx as unknown as { _matchedRoute?: string })._matchedRoute;
          const fields = {
            method: ctx.method,
            path: ctx.path,
            ...(route ? { route } : {}),
            status: ctx.status,
            ms: Math.round(performance.now() - started),
          };
          if (ctx.status >= 500) deps.log.error(fields, 'request answered');
          else deps.log.info(fields, 'request answered');
        }
      }
    });
  };
}
