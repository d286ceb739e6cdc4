// The one way the staff app talks to its server: same origin, cookies always, JSON both ways.
// Every non-OK answer becomes an ApiError whose message follows spec 1 section 8.
import {
  type AnswerOf,
  type BodyOf,
  type Call,
  type CallSpec,
  errorMessageOf,
  httpFailureText,
  type ParamsOf,
  type QueryOf,
} from '@tablewise/shared';
import type { z } from 'zod';

export class ApiError extends Error {
  override readonly name = 'ApiError';
  constructor(
    readonly status: number,
    readonly bodyText: string,
    statusText: string,
  ) {
    super(httpFailureText(status, bodyText, statusText));
  }

  /** The server's human-readable `message`, when the body is the spec's error shape. */
  get serverMessage(): string | null {
    return errorMessageOf(this.bodyText);
  }
}

/**
 * How the staff app shows a failed call, the one place for it (spec 1 section 8, spec 2 section 7):
 * "status: body", or the status text when the body is empty. A failure that never got a reply (the
 * network) shows its own message.
 */
export function failureText(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/**
 * What a toast shows for a failure: the server's message where the reply has one (spec 1 section
 * 8), else the screen's own words when the spec gives them (spec 2 section 8: 'Failed to create
 * reservation'), else the failure as `failureText` shows it.
 */
export function toastMessage(error: unknown, fallback?: string): string {
  if (error instanceof ApiError && error.serverMessage) return error.serverMessage;
  return fallback ?? failureText(error);
}

type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** What a call needs besides its module: its params, query and body, each where it has them. */
interface CallInput<S extends CallSpec> {
  params?: ParamsOf<S>;
  query?: QueryOf<S>;
  body?: BodyOf<S>;
}

interface ApiClientOptions {
  /** Empty in the browser (relative to the page's origin); an absolute origin in tests. */
  baseUrl?: string;
  fetch?: typeof globalThis.fetch;
}

export interface ApiClient {
  request(method: HttpMethod, path: string, body?: unknown): Promise<unknown>;
  get<S extends z.ZodType>(path: string, schema: S): Promise<z.infer<S>>;
  post<S extends z.ZodType>(path: string, body: unknown, schema: S): Promise<z.infer<S>>;
  /** Makes `call` as its module says: method, path, and the answer parsed with its schema. */
  call<S extends CallSpec>(call: Call<S>, input?: CallInput<S>): Promise<AnswerOf<S>>;
}

/** @internal exported for its test */
export function createApiClient(options: ApiClientOptions = {}): ApiClient {
  const baseUrl = options.baseUrl ?? '';
  const doFetch = options.fetch ?? ((input, init) => globalThis.fetch(input, init));

  async function request(method: HttpMethod, path: string, body?: unknown): Promise<unknown> {
    const init: RequestInit = { method, credentials: 'include', headers: { Accept: 'application/json' } };
    if (method !== 'GET' && body !== undefined) {
      init.headers = { Accept: 'application/json', 'Content-Type': 'application/json' };
      init.body = JSON.stringify(body);
    }
    const response = await doFetch(`${baseUrl}${path}`, init);
    const text = await response.text();
    if (!response.ok) throw new ApiError(response.status, text, response.statusText);
    return text === '' ? null : JSON.parse(text);
  }

  return {
    request,
    async get(path, schema) {
      return schema.parse(await request('GET', path));
    },
    async post(path, body, schema) {
      return schema.parse(await request('POST', path, body));
    },
    async call<S extends CallSpec>(call: Call<S>, input: CallInput<S> = {}): Promise<AnswerOf<S>> {
      const answer = await request(call.method, call.url(input.params, input.query), input.body ?? {});
      return call.answer.parse(answer) as AnswerOf<S>;
    },
  };
}

export const api = createApiClient();
