// The API takes only JSON: one object of at most 1 MB, read and refused by the shared reader, so
// the cloud and the terminal refuse a malformed body alike (400 or 413, never a 500).
import { readJsonBody } from '@tablewise/shared';
import type Koa from 'koa';
import type { AppState } from '../context.js';

export function jsonBody(): Koa.Middleware<AppState> {
  return async (ctx, next) => {
    ctx.state.body = undefined;
    if (ctx.method !== 'GET' && ctx.method !== 'HEAD' && ctx.path.startsWith('/api')) {
      ctx.state.body = await readJsonBody(ctx.req);
    }
    await next();
  };
}
