// The API takes only JSON: one object of at most 1 MB, read and refused by the shared reader, so
// the cloud and the terminal refuse a malformed body alike (400 or 413, never a 500).
import { AppError, MESSAGES, readJsonBody, stripeWebhook } from '@tablewise/shared';
import type Koa from 'koa';
import type { AppState } from '../context.js';

const OBJECT_UPLOADS = '/api/objects/uploads/';

export function jsonBody(): Koa.Middleware<AppState> {
  return async (ctx, next) => {
    ctx.state.body = undefined;
    // An upload's body is the file itself (routes/objects), read there within its own limit.
    const upload = ctx.method === 'PUT' && ctx.path.startsWith(OBJECT_UPLOADS);
    if (ctx.method === 'POST' && ctx.path === stripeWebhook.path) {
      // Stripe signs the bytes it sent: the webhook verifies the raw text, not a re-serialization.
      ctx.state.body = await readRawText(ctx.req);
    } else if (ctx.method !== 'GET' && ctx.method !== 'HEAD' && ctx.path.startsWith('/api') && !upload) {
      ctx.state.body = await readJsonBody(ctx.req);
    }
    await next();
  };
}

const RAW_LIMIT_BYTES = 1024 * 1024;

async function readRawText(chunks: AsyncIterable<Uint8Array>): Promise<string> {
  const parts: Buffer[] = [];
  let size = 0;
  for await (const chunk of chunks) {
    size += chunk.byteLength;
    if (size > RAW_LIMIT_BYTES) throw new AppError(413, 'body_too_large', MESSAGES.bodyTooLarge(1));
    parts.push(Buffer.from(chunk));
  }
  return Buffer.concat(parts).toString('utf8');
}
