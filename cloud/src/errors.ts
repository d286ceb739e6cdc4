// Error factories. Every expected refusal is an AppError with an HTTP status and a stable id; the
// error handler turns it into the spec's answer ({message}) and logs only unexpected errors.
import { MESSAGES } from '@tablewise/shared';
import type { z } from 'zod';

export class AppError extends Error {
  constructor(
    readonly status: number,
    readonly id: string,
    message: string,
    /** Extra fields some answers carry beside `message` (for example ScanAnswer's success:false). */
    readonly extra: Record<string, unknown> = {},
  ) {
    super(message);
    this.name = 'AppError';
  }

  body(): Record<string, unknown> {
    return { ...this.extra, message: this.message, id: this.id };
  }
}

export const badRequest = (message: string, id = 'bad_request') => new AppError(400, id, message);
export const invalidField = (field: string, detail: string) =>
  new AppError(400, 'invalid_field', MESSAGES.invalidField(field, detail));
export const unauthorized = (message: string = MESSAGES.authenticationRequired) =>
  new AppError(401, 'unauthorized', message);
export const forbidden = (message: string = MESSAGES.permissionDenied) => new AppError(403, 'forbidden', message);
export const notFound = (entity: string) => new AppError(404, 'not_found', MESSAGES.notFound(entity));
export const conflict = (message: string, id = 'conflict') => new AppError(409, id, message);
export const unprocessable = (message: string, id = 'unprocessable') => new AppError(422, id, message);
export const invalidQrToken = () => new AppError(400, 'invalid_qr_token', MESSAGES.invalidQrToken);

/** A zod failure as a 400 whose message names the first offending field. */
export function fromZodError(error: z.ZodError): AppError {
  const issue = error.issues[0];
  if (!issue) return badRequest('Invalid request');
  const field = issue.path.length > 0 ? issue.path.map(String).join('.') : 'body';
  return new AppError(400, 'invalid_field', MESSAGES.invalidField(field, issue.message));
}

/** Parse `input` with `schema` or throw a 400 naming the field. */
export function parseOr400<S extends z.ZodType>(schema: S, input: unknown): z.infer<S> {
  const result = schema.safeParse(input);
  if (!result.success) throw fromZodError(result.error);
  return result.data;
}
