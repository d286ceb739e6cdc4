// The API takes only JSON: one object of at most 1 MB, read and refused by the shared reader, so
// the cloud and the terminal refuse a malformed body alike (400 or 413, never a 500).
import { readJsonBody } from '@tablewise/shared';
import type Koa from 'koa';
import type { AppState } from '../context.js';

const OBJECT_UPLOADS = '/api/objects/uploads/';

export function jsonBody(): Koa.Middleware<AppState> {
  return async (ctx, next) => {
    ctx.state.body = undefined;
    // An upload's body is the file itself (routes/objects), read there within its own limit.
    const upload = ctx.method === 'PUT' && ctx.path.startsWith(OBJECT_UPLOADS);
    if (ctx.method !== 'GET' && ctx.method !== 'HEAD' && ctx.path.startsWith('/api') && !upload) {
      ctx.state.body = await readJsonBody(ctx.req);
    }
    await next();
  };
}
