// A small JSON body reader: the API takes only JSON, at most 1 MB.
import { MESSAGES } from '@tablewise/shared';
import type Koa from 'koa';
import type { AppState } from '../context.js';
import { AppError } from '../errors.js';

const LIMIT_BYTES = 1024 * 1024;

async function readText(req: Koa.Request['req']): Promise<string> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    const buffer = chunk as Buffer;
    size += buffer.length;
    if (size > LIMIT_BYTES) throw new AppError(413, 'body_too_large', 'Request body is too large');
    chunks.push(buffer);
  }
  return Buffer.concat(chunks).toString('utf8');
}

export function jsonBody(): Koa.Middleware<AppState> {
  return async (ctx, next) => {
    ctx.state.body = undefined;
    if (ctx.method !== 'GET' && ctx.method !== 'HEAD' && ctx.path.startsWith('/api')) {
      const text = await readText(ctx.req);
      if (text.trim().length > 0) {
        try {
          ctx.state.body = JSON.parse(text);
        } catch {
          throw new AppError(400, 'invalid_json', MESSAGES.invalidJsonBody);
        }
      }
    }
    await next();
  };
}
