// The check-in call itself: its module's zod schemas validate the form and parse the answer. Zod
// and the contract are more than the rest of the page put together, so this file is its own chunk,
// loaded when the guest starts on the form (checkin.ts), not with the page (issue 8, P6).
import { GuestCheckinRequest, guestCheckin } from '@tablewise/shared/calls/guest/checkin';
import { IDEMPOTENCY_HEADER } from '@tablewise/shared/constants';
import { MESSAGES } from '@tablewise/shared/messages';
import type { z } from 'zod';
import { ApiError, callApi, failureText } from '../../../app/api-client.js';

export type CheckinBody = z.output<typeof GuestCheckinRequest>;

/** The form as the contract reads it: the body to send, or the first complaint about each field. */
export function validateCheckin(
  form: GuestCheckinRequest,
): { body: CheckinBody } | { errors: Partial<Record<string, string>> } {
  const parsed = GuestCheckinRequest.safeParse(form);
  if (parsed.success) return { body: parsed.data };
  const errors: Partial<Record<string, string>> = {};
  for (const issue of parsed.error.issues) errors[String(issue.path[0] ?? 'form')] ??= issue.message;
  return { errors };
}

export function checkIn(attempt: { key: string; body: CheckinBody }) {
  return callApi(guestCheckin, { body: attempt.body, headers: { [IDEMPOTENCY_HEADER]: attempt.key } });
}

/** What a failed check-in tells the guest, and whether the cloud answered (the key is spent). */
export function checkinFailure(error: unknown): { answered: boolean; text: string } {
  return { answered: error instanceof ApiError, text: failureText(error, MESSAGES.checkinFailed) };
}
