// Refusals of the local server, in the cloud's shape ({message, id}) so the staff app reads both alike.
import { MESSAGES } from '@tablewise/shared';
import type { Context, Next } from 'koa';
import type { z } from 'zod';

export class HttpError extends Error {
  constructor(
    readonly status: number,
    readonly id: string,
    message: string,
  ) {
    super(message);
    this.name = 'HttpError';
  }
}

export const badRequest = (message: string) => new HttpError(400, 'invalid_field', message);
export const unauthorized = (message: string = MESSAGES.authenticationRequired) =>
  new HttpError(401, 'unauthorized', message);
export const forbidden = (message: string) => new HttpError(403, 'forbidden', message);
export const notFound = (entity: string) => new HttpError(404, 'not_found', MESSAGES.notFound(entity));
export const conflict = (message: string) => new HttpError(409, 'conflict', message);

/** Parse `input` with `schema` or throw a 400 naming the first offending field, as the cloud does. */
export function parseOr400<S extends z.ZodType>(schema: S, input: unknown): z.infer<S> {
  const result = schema.safeParse(input);
  if (result.success) return result.data;
  const issue = result.error.issues[0];
  const field = issue && issue.path.length > 0 ? issue.path.map(String).join('.') : 'body';
  throw badRequest(MESSAGES.invalidField(field, issue?.message ?? 'invalid'));
}

export async function errorHandler(ctx: Context, next: Next): Promise<void> {
  try {
    await next();
  } catch (error) {
    if (error instanceof HttpError) {
      ctx.status = error.status;
      ctx.body = { message: error.message, id: error.id };
      return;
    }
    console.error('[terminal] request failed', ctx.method, ctx.path, error);
    ctx.status = 500;
    ctx.body = { message: MESSAGES.internalError, id: 'internal' };
  }
}

/** Reads a JSON body (at most 1 MB); an empty body is {}. */
export async function readJson(ctx: Context): Promise<unknown> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of ctx.req) {
    const buffer = chunk as Buffer;
    size += buffer.length;
    if (size > 1_000_000) throw new HttpError(413, 'too_large', 'Request body is too large');
    chunks.push(buffer);
  }
  const text = Buffer.concat(chunks).toString('utf8').trim();
  if (text === '') return {};
  try {
    return JSON.parse(text) as unknown;
  } catch {
    throw badRequest(MESSAGES.invalidField('body', 'must be JSON'));
  }
}
