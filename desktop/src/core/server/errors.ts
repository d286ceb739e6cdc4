// Refusals are the shared factories, so the terminal answers in the cloud's shape and with the
// cloud's ids ({message, id}); the staff app reads both alike.
import { AppError, badRequest, INTERNAL_ERROR_BODY, MESSAGES } from '@tablewise/shared';
import type { Context, Next } from 'koa';

export async function errorHandler(ctx: Context, next: Next): Promise<void> {
  try {
    await next();
  } catch (error) {
    if (error instanceof AppError) {
      ctx.status = error.status;
      ctx.body = error.body();
      return;
    }
    console.error('[terminal] request failed', ctx.method, ctx.path, error);
    ctx.status = 500;
    ctx.body = INTERNAL_ERROR_BODY;
  }
}

const LIMIT_BYTES = 1024 * 1024;

/** Reads a JSON body (at most 1 MB, as the cloud takes); an empty body is {}. */
export async function readJson(ctx: Context): Promise<unknown> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of ctx.req) {
    const buffer = chunk as Buffer;
    size += buffer.length;
    if (size > LIMIT_BYTES) throw new AppError(413, 'body_too_large', 'Request body is too large');
    chunks.push(buffer);
  }
  const text = Buffer.concat(chunks).toString('utf8').trim();
  if (text === '') return {};
  try {
    return JSON.parse(text) as unknown;
  } catch {
    throw badRequest(MESSAGES.invalidJsonBody, 'invalid_json');
  }
}
