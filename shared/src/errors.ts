// The refusals both servers give, with their stable ids. The cloud and the terminal core throw
// the same factories, and each tier's one error handler turns them into the spec's answer
// ({message, id}, spec 1 section 8), so the staff app reads a refusal alike from either.
import type { z } from 'zod';
import { MESSAGES } from './messages.js';

const ERROR_IDS = [
  'bad_request',
  'invalid_field',
  'invalid_json',
  'body_too_large',
  'unauthorized',
  'forbidden',
  'not_found',
  'conflict',
  'transition_refused',
  'table_unavailable',
  'session_closed',
  'order_exists',
  'menu_item_unavailable',
  'invalid_qr_token',
  // The entrance code (issue 27)
  'entrance_code_required',
  'entrance_code_retired',
  'seat_request_closed',
  'phone_not_approved',
  'too_many_attempts',
  'rate_limited',
  'seq_needs_key',
  'idempotency_key_reused',
  'mutation_already_applied',
  'mutation_out_of_order',
  'not_synced',
  'print_refused',
  'cloud_unreachable',
  'internal',
  'table_already_reserved',
  'hold_not_live',
  'item_already_fired',
  'file_too_large',
  'invalid_image',
  'upload_link_invalid',
  'image_not_uploaded',
  // Setting up a restaurant (issue 24)
  'plan_limit_reached',
  'email_taken',
  // Bill and payment (issue 11)
  'card_payments_unavailable',
  'nothing_to_pay',
  'bill_changed',
  'split_already_paid',
  'split_amount_mismatch',
  'payment_exceeds_bill',
  'payment_failed',
  'payment_not_found',
  'payment_not_pending',
  'payment_transition_refused',
  'exit_verification_failed',
  'receipt_print_needs_checkout',
  'no_receipt_printer',
  'receipt_print_limit',
  'webhook_signature_invalid',
  // The floor layout (issue 25)
  'layout_stale',
  'layout_invalid',
  'table_in_use',
  // Operating the cloud (issue 27)
  'not_ready',
] as const;
export type ErrorId = (typeof ERROR_IDS)[number];

const KNOWN_IDS: ReadonlySet<string> = new Set(ERROR_IDS);

/** Whether `id` is one of the stable error ids (an answer read from another tier names one). */
export function isErrorId(id: unknown): id is ErrorId {
  return typeof id === 'string' && KNOWN_IDS.has(id);
}

export class AppError extends Error {
  constructor(
    readonly status: number,
    readonly id: ErrorId,
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

export const badRequest = (message: string, id: ErrorId = 'bad_request') => new AppError(400, id, message);
export const invalidField = (field: string, detail: string) =>
  new AppError(400, 'invalid_field', MESSAGES.invalidField(field, detail));
export const unauthorized = (message: string = MESSAGES.authenticationRequired) =>
  new AppError(401, 'unauthorized', message);
export const forbidden = (message: string = MESSAGES.permissionDenied) => new AppError(403, 'forbidden', message);
export const notFound = (entity: string) => new AppError(404, 'not_found', MESSAGES.notFound(entity));
export const conflict = (message: string, id: ErrorId = 'conflict') => new AppError(409, id, message);
export const unprocessable = (message: string, id: ErrorId) => new AppError(422, id, message);
export const invalidQrToken = () => new AppError(400, 'invalid_qr_token', MESSAGES.invalidQrToken);
/** A walk-in that names only the venue: its id is public, so it checks nobody in (issue 27). */
export const entranceCodeRequired = () =>
  new AppError(403, 'entrance_code_required', MESSAGES.checkinNeedsEntranceCode);
/** A phone that joined a seated party and is not let in (yet): it may pay, nothing else (issue 27). */
export const phoneNotApproved = (declined: boolean) =>
  new AppError(403, 'phone_not_approved', declined ? MESSAGES.phoneDeclined : MESSAGES.phoneWaitsForParty);
/** A real entrance code a manager has replaced since (a photographed or shared code). */
export const entranceCodeRetired = () => new AppError(403, 'entrance_code_retired', MESSAGES.entranceCodeRetired);

/** A zod failure as a 400 whose message names the first offending field. */
export function fromZodError(error: z.ZodError): AppError {
  const issue = error.issues[0];
  if (!issue) return badRequest('Invalid request');
  const field = issue.path.length > 0 ? issue.path.map(String).join('.') : 'body';
  return invalidField(field, issue.message);
}

/** Parse `input` with `schema` or throw a 400 naming the field. */
export function parseOr400<S extends z.ZodType>(schema: S, input: unknown): z.output<S> {
  const result = schema.safeParse(input);
  if (!result.success) throw fromZodError(result.error);
  return result.data;
}

/** The answer to an unexpected failure: its details stay in the log. */
export const INTERNAL_ERROR_BODY = { message: MESSAGES.internalError, id: 'internal' } as const;
