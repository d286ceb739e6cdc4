// Serving a call, the same on both tiers: the route is registered from the module's method and
// path, its params, query and body are parsed with the module's schemas (a bad id is a 404 for
// the thing it names, bad input a 400 naming the field), and the answer is sent with the
// module's status. Each tier passes how it registers a route and reads a body.
import type { z } from 'zod';
import { AppError, badRequest, fromZodError, invalidField, notFound } from '../errors.js';
import { MESSAGES } from '../messages.js';
import type { AnswerOf, Call, CallSpec, Method } from './define.js';

type Out<T> = T extends z.ZodType ? z.output<T> : undefined;

/** The part of a Koa context a call's route uses. */
export interface CallContext {
  params: Record<string, string | undefined>;
  query: Record<string, unknown>;
  status: number;
  body: unknown;
}

interface CallRequest<S extends CallSpec, C> {
  ctx: C;
  /** Parsed lazily, so a mutation can take its sequence number before refusing bad input. */
  params(): Out<S['params']>;
  query(): Out<S['query']>;
  body(): Promise<Out<S['body']>>;
}

/** A call's input without the request it came in: what a mutation's effect parses. */
export type CallInput<S extends CallSpec> = Omit<CallRequest<S, never>, 'ctx'>;

/** What a handler gives back: the answer, or nothing when it has already set ctx itself. */
export type CallHandler<S extends CallSpec, C> = (
  request: CallRequest<S, C>,
) => Promise<AnswerOf<S> | undefined> | AnswerOf<S> | undefined;

/** The part of a router (Koa's) that registers a handler per method. */
export interface MethodRouter<H> {
  get(path: string, handler: H): unknown;
  post(path: string, handler: H): unknown;
  patch(path: string, handler: H): unknown;
  delete(path: string, handler: H): unknown;
  put(path: string, handler: H): unknown;
}

/** Registers on `router` by the call's method. */
export function registerOn<H>(router: MethodRouter<H>): (method: Method, path: string, handler: H) => void {
  return (method, path, handler) => {
    switch (method) {
      case 'GET':
        router.get(path, handler);
        return;
      case 'POST':
        router.post(path, handler);
        return;
      case 'PATCH':
        router.patch(path, handler);
        return;
      case 'DELETE':
        router.delete(path, handler);
        return;
      case 'PUT':
        router.put(path, handler);
        return;
      default: {
        const never: never = method;
        throw new Error(`Unknown method ${String(never)}`);
      }
    }
  };
}

export interface ServeOptions<C> {
  register(method: Method, path: string, handler: (ctx: C) => Promise<void>): void;
  readBody(ctx: C): unknown | Promise<unknown>;
  /** Check every answer against the module's schema (in tests): a drift fails loudly. */
  checkAnswers?: boolean;
}

function parser<T>(schema: z.ZodType | undefined, input: () => unknown, refuse: (error: z.ZodError) => Error) {
  let parsed: { value: T } | undefined;
  return (): T => {
    if (parsed) return parsed.value;
    if (!schema) return undefined as T;
    const result = schema.safeParse(input());
    if (!result.success) throw refuse(result.error);
    parsed = { value: result.data as T };
    return parsed.value;
  };
}

/**
 * A call's params, query and body, each parsed with the module's schema when first asked for (a
 * bad id is a 404 for the thing it names, bad input a 400 naming the field).
 */
export function callInput<S extends CallSpec>(
  call: Call<S>,
  raw: { params(): unknown; query(): unknown; body(): unknown | Promise<unknown> },
): CallInput<S> {
  const params = parser<Out<S['params']>>(call.params, raw.params, () => notFound(call.entity ?? 'Resource'));
  const query = parser<Out<S['query']>>(call.query, raw.query, fromZodError);
  let read: { value: unknown } | undefined;
  const body = async () => {
    read ??= { value: await raw.body() };
    return parser<Out<S['body']>>(call.body, () => read?.value ?? {}, fromZodError)();
  };
  return { params, query, body };
}

/** The params of `path` (decoded) when it is a path of `call`, else null. */
export function matchCallPath(call: CallSpec, path: string): Record<string, string> | null {
  const pattern = call.path.split('/');
  const parts = path.split('/');
  if (parts.length !== pattern.length) return null;
  const params: Record<string, string> = {};
  for (const [i, part] of pattern.entries()) {
    const actual = parts[i] as string;
    if (!part.startsWith(':')) {
      if (actual !== part) return null;
      continue;
    }
    if (actual === '') return null;
    try {
      params[part.slice(1)] = decodeURIComponent(actual);
    } catch {
      return null;
    }
  }
  return params;
}

export function serveCall<S extends CallSpec, C extends CallContext>(
  options: ServeOptions<C>,
  call: Call<S>,
  handler: CallHandler<S, C>,
): void {
  options.register(call.method, call.path, async (ctx) => {
    const input = callInput(call, {
      params: () => ctx.params,
      query: () => ctx.query,
      body: () => options.readBody(ctx),
    });
    const answer = await handler({ ctx, ...input });
    if (answer === undefined) return;
    if (options.checkAnswers) {
      const checked = call.answer.safeParse(answer);
      if (!checked.success) {
        throw new Error(`${call.id} answered outside its schema: ${JSON.stringify(checked.error.issues.slice(0, 3))}`);
      }
    }
    ctx.status = call.status ?? 200;
    ctx.body = answer;
  });
}

/** The most a request body may weigh, on either tier. */
const BODY_LIMIT_BYTES = 1024 * 1024;
/** Deeper than any call's body goes (an order's option ids sit five levels down). */
const BODY_MAX_DEPTH = 16;

/**
 * Whether `node` holds an object or array more than `left` levels down (itself the first). It
 * stops once past `left`, so it never goes deeper than that, and a body of a million brackets
 * cannot overflow the stack here; nor does it make an array or tuple per node as a stack of them
 * did (issue 28: that took as long as parsing the body).
 */
function deeperThan(node: unknown, left: number): boolean {
  if (typeof node !== 'object' || node === null) return false;
  if (left < 1) return true;
  if (Array.isArray(node)) {
    for (const child of node) if (deeperThan(child, left - 1)) return true;
    return false;
  }
  for (const key in node) {
    if (Object.hasOwn(node, key) && deeperThan((node as Record<string, unknown>)[key], left - 1)) return true;
  }
  return false;
}

/**
 * Reads a request body (at most 1 MB) as a call's input: undefined when empty, else one JSON
 * object. Anything else is refused with the shared ids: 413 body_too_large, 400 invalid_json (not
 * JSON, or nested deeper than any call's body), 400 invalid_field naming the body (not an object).
 */
export async function readJsonBody(chunks: AsyncIterable<Uint8Array>): Promise<Record<string, unknown> | undefined> {
  const parts: Uint8Array[] = [];
  let size = 0;
  for await (const chunk of chunks) {
    size += chunk.byteLength;
    if (size > BODY_LIMIT_BYTES) {
      throw new AppError(413, 'body_too_large', MESSAGES.bodyTooLarge(BODY_LIMIT_BYTES / (1024 * 1024)));
    }
    parts.push(chunk);
  }
  const bytes = new Uint8Array(size);
  let at = 0;
  for (const part of parts) {
    bytes.set(part, at);
    at += part.byteLength;
  }
  const text = new TextDecoder().decode(bytes);
  if (text.trim() === '') return undefined;
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw badRequest(MESSAGES.invalidJsonBody, 'invalid_json');
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw invalidField('body', MESSAGES.notAnObject);
  }
  if (deeperThan(value, BODY_MAX_DEPTH)) throw badRequest(MESSAGES.bodyTooDeep(BODY_MAX_DEPTH), 'invalid_json');
  return value as Record<string, unknown>;
}
