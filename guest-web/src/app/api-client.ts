// The one way the guest site talks to the cloud: relative paths on its own origin, cookies always
// sent (the guest cookie binds the phone to its dining session), answers parsed with the shared
// schemas so a contract drift fails loudly instead of rendering nonsense.
// Subpath imports: the shared index would bring every call's schemas into each page's chunks.
import type { AnswerOf, BodyOf, Call, CallSpec, ParamsOf, QueryOf } from '@tablewise/shared/calls/define';
import { errorMessageOf, httpFailureText } from '@tablewise/shared/schemas/common';
import type { z } from 'zod';

/** A non-OK answer. `message` follows spec 1 section 8; `serverMessage` is what toasts prefer. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly serverMessage: string | null,
    bodyText: string,
    statusText: string,
  ) {
    super(httpFailureText(status, bodyText, statusText));
    this.name = 'ApiError';
  }
}

/** The request never got an answer (offline, connection dropped). */
class NetworkError extends Error {
  constructor(cause: unknown) {
    super(cause instanceof Error ? cause.message : String(cause));
    this.name = 'NetworkError';
  }
}

interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  body?: unknown;
  headers?: Record<string, string>;
  signal?: AbortSignal;
}

async function apiRequest<S extends z.ZodType>(
  path: string,
  schema: S,
  options: RequestOptions = {},
): Promise<z.infer<S>> {
  const method = options.method ?? 'GET';
  const headers: Record<string, string> = { Accept: 'application/json', ...options.headers };
  const hasBody = method !== 'GET' && options.body !== undefined;
  if (hasBody) headers['Content-Type'] = 'application/json';
  let response: Response;
  try {
    response = await fetch(path, {
      method,
      headers,
      credentials: 'include',
      body: hasBody ? JSON.stringify(options.body) : undefined,
      signal: options.signal,
    });
  } catch (error) {
    throw new NetworkError(error);
  }
  const text = await response.text();
  if (!response.ok) {
    throw new ApiError(response.status, errorMessageOf(text), text, response.statusText);
  }
  return schema.parse(text ? JSON.parse(text) : null);
}

/** The words a toast shows for a failed call: the server's own message when it gave one. */
export function failureText(error: unknown, fallback: string): string {
  if (error instanceof ApiError && error.serverMessage) return error.serverMessage;
  return fallback;
}

export interface CallOptions<S extends CallSpec> {
  params?: ParamsOf<S>;
  query?: QueryOf<S>;
  body?: BodyOf<S>;
  headers?: Record<string, string>;
  signal?: AbortSignal;
}

/** Makes `call` as its module in shared says: method, path, and the answer parsed with its schema. */
export function callApi<S extends CallSpec>(call: Call<S>, options: CallOptions<S> = {}): Promise<AnswerOf<S>> {
  const { params, query, ...rest } = options;
  return apiRequest(call.url(params, query), call.answer, { ...rest, method: call.method }) as Promise<AnswerOf<S>>;
}
