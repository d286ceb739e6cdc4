import { randomUUID } from 'node:crypto';
import type Koa from 'koa';
import type { AppDeps, AppState } from '../context.js';

/** Gives every request an id (kept from X-Request-Id when a proxy set one) and logs it when done. */
export function requestId(deps: Pick<AppDeps, 'log'>): Koa.Middleware<AppState> {
  return async (ctx, next) => {
    const given = ctx.get('X-Request-Id');
    ctx.state.requestId = /^[\w-]{1,64}$/.test(given) ? given : randomUUID();
    ctx.set('X-Request-Id', ctx.state.requestId);
    const started = performance.now();
    try {
      await next();
    } finally {
      if (ctx.path.startsWith('/api')) {
        deps.log(
          `${ctx.method} ${ctx.path} ${ctx.status} ${Math.round(performance.now() - started)}ms ${ctx.state.requestId}`,
        );
      }
    }
  };
}
