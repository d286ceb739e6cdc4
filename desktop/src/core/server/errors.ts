// Refusals are the shared factories, so the terminal answers in the cloud's shape and with the
// cloud's ids ({message, id}); the staff app reads both alike.
import { AppError, INTERNAL_ERROR_BODY, readJsonBody } from '@tablewise/shared';
import type { Context, Next } from 'koa';
import { log } from '../log.js';

export async function errorHandler(ctx: Context, next: Next): Promise<void> {
  try {
    await next();
  } catch (error) {
    if (error instanceof AppError) {
      ctx.status = error.status;
      ctx.body = error.body();
      return;
    }
    // With its stack; the request id comes from the request's context (server/app.ts).
    log.error({ err: error, method: ctx.method, path: ctx.path }, 'request failed');
    ctx.status = 500;
    ctx.body = INTERNAL_ERROR_BODY;
  }
}

/** Reads a JSON body with the cloud's reader (one object, at most 1 MB); an empty body is {}. */
export async function readJson(ctx: Context): Promise<unknown> {
  return (await readJsonBody(ctx.req)) ?? {};
}
