// The one place errors become answers: {message} with the factory's status (spec 1 section 8).
// Only unexpected errors are logged (with their stack and request id); their details never reach the client.
import { INTERNAL_ERROR_BODY } from '@tablewise/shared';
import type Koa from 'koa';
import type { AppDeps, AppState } from '../context.js';
import { AppError, notFound } from '../errors.js';

export function errorHandler(deps: Pick<AppDeps, 'log'>): Koa.Middleware<AppState> {
  return async (ctx, next) => {
    try {
      await next();
      if (ctx.status === 404 && ctx.body === undefined && ctx.path.startsWith('/api')) {
        ctx.status = 404;
        ctx.body = notFound('Route').body();
      }
    } catch (error) {
      if (error instanceof AppError) {
        ctx.status = error.status;
        ctx.body = error.body();
        return;
      }
      const status = (error as { status?: unknown }).status;
      if (typeof status === 'number' && status >= 400 && status < 500) {
        // Koa's own client errors (a static file not found, a malformed cookie).
        ctx.status = status;
        ctx.body = { message: (error as Error).message };
        return;
      }
      // With its stack; the request id comes from the request's context (middleware/request-id.ts).
      deps.log.error({ err: error, method: ctx.method, path: ctx.path }, 'request failed');
      ctx.status = 500;
      ctx.body = INTERNAL_ERROR_BODY;
    }
  };
}
