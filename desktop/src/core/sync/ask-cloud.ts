// The one client for what the terminal asks the cloud on behalf of a screen (a table's signed QR
// link, a payment, a zone run, a staff alert): the request is built from the call's module, a
// write carries a fresh Idempotency-Key, the answer is parsed by the module's schema, and a
// refusal comes back as the cloud's own AppError: its status, its stable id and its words. A cloud
// out of reach is a 503 `cloud_unreachable` with the caller's message of what needs the cloud; a
// cloud that failed (5xx) or answered something unreadable, a 502.
import { randomUUID } from 'node:crypto';
import {
  AppError,
  type Call,
  type CallSpec,
  IDEMPOTENCY_HEADER,
  isErrorId,
  type ParamsOf,
  type QueryOf,
} from '@tablewise/shared';
import type { z } from 'zod';
import { type CloudApi, CloudUnreachable, isSuccess, messageOf } from './cloud-api.js';

export interface Ask<S extends CallSpec> {
  params?: ParamsOf<S>;
  query?: QueryOf<S>;
  body?: unknown;
  /** What the staff are told when the cloud cannot be reached: what needs it. */
  needsCloud: string;
}

/** The cloud's refusal as this terminal's: the same status, id and message. */
function cloudRefusal(status: number, body: unknown, fallback: string): AppError {
  const message = messageOf(body) ?? fallback;
  if (status >= 500 || status < 400) return new AppError(502, 'cloud_unreachable', message);
  const id = body && typeof body === 'object' && 'id' in body ? body.id : undefined;
  const extra = body && typeof body === 'object' ? { ...(body as Record<string, unknown>) } : {};
  delete extra.message;
  delete extra.id;
  return new AppError(status, isErrorId(id) ? id : status === 404 ? 'not_found' : 'conflict', message, extra);
}

export async function askCloud<S extends CallSpec>(
  api: CloudApi,
  call: Call<S>,
  ask: Ask<S>,
): Promise<z.output<S['answer']>> {
  let answer: Awaited<ReturnType<CloudApi['request']>>;
  try {
    answer = await api.request(call.method, call.url(ask.params, ask.query), {
      ...(ask.body === undefined ? {} : { body: ask.body }),
      ...(call.method === 'GET' ? {} : { headers: { [IDEMPOTENCY_HEADER]: randomUUID() } }),
    });
  } catch (error) {
    if (error instanceof CloudUnreachable) throw new AppError(503, 'cloud_unreachable', ask.needsCloud);
    throw error;
  }
  if (!isSuccess(answer.status)) throw cloudRefusal(answer.status, answer.body, ask.needsCloud);
  const parsed = call.answer.safeParse(answer.body);
  if (!parsed.success) throw new AppError(502, 'cloud_unreachable', ask.needsCloud);
  return parsed.data as z.output<S['answer']>;
}
