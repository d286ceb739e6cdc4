// What a call is: one module per call owns its method and path, the schemas of what goes in and
// comes out, the query key clients cache its answer under, and the live events that make that
// answer stale. The cloud and the terminal route it from here, the screens fetch it from here,
// OpenAPI is generated from here. See docs/architecture.md.
import type { z } from 'zod';
import type { PERMISSIONS } from '../constants.js';
import type { LiveEventType } from '../protocol/events.js';

export type Method = 'GET' | 'POST' | 'PATCH' | 'DELETE' | 'PUT';
/** Who may make the call. */
export type Audience = 'public' | 'staff' | 'terminal' | 'guest';
/** Which server answers it: the cloud, the terminal core on 127.0.0.1, or both alike. */
type Tier = 'cloud' | 'terminal';

// biome-ignore lint/suspicious/noExplicitAny: any object schema, whatever its shape
type ObjectSchema = z.ZodObject<any>;

export interface CallSpec {
  method: Method;
  /** Koa-style: `/api/order-items/:id`. */
  path: `/api/${string}`;
  summary: string;
  audience: readonly Audience[];
  tiers: readonly Tier[];
  params?: ObjectSchema;
  /** What the params name, for the 404 when they name nothing ("Order item not found"). */
  entity?: string;
  query?: ObjectSchema;
  body?: z.ZodType;
  answer: z.ZodType;
  /** The success status when it is not 200. */
  status?: number;
  /** Live events after which a cached answer is stale and is read again. */
  staleOn?: readonly LiveEventType[];
  /**
   * The permission a staff member needs beyond signing in (docs/roles.md): owners, admins and
   * managers hold every one, other staff only those on their role. Terminals and guests are not
   * staff and are judged by `audience` alone.
   */
  permission?: (typeof PERMISSIONS)[number];
}

export type ParamsOf<S extends CallSpec> = S['params'] extends ObjectSchema ? z.input<S['params']> : undefined;
export type QueryOf<S extends CallSpec> = S['query'] extends ObjectSchema ? z.input<S['query']> : undefined;
export type BodyOf<S extends CallSpec> = S['body'] extends z.ZodType ? z.input<S['body']> : undefined;
export type AnswerOf<S extends CallSpec> = z.output<S['answer']>;

export type Call<S extends CallSpec = CallSpec> = S & {
  /** `GET /api/menu`: names the call in OpenAPI and in logs. */
  readonly id: string;
  /** The TanStack Query key: the path's segments, then the query. With no params, the prefix
   * every answer of this call is cached under (what a live event invalidates). */
  key(params?: ParamsOf<S>, query?: QueryOf<S>): readonly unknown[];
  /** The path with its params filled in and the query appended. */
  url(params?: ParamsOf<S>, query?: QueryOf<S>): string;
};

function segments(path: string, params: Record<string, unknown> | undefined): string[] {
  const out: string[] = [];
  for (const part of path.split('/').filter(Boolean)) {
    if (!part.startsWith(':')) {
      out.push(part);
      continue;
    }
    const value = params?.[part.slice(1)];
    // A key without params stops at the first one: it is the prefix of every such answer.
    if (value === undefined) break;
    out.push(String(value));
  }
  return out;
}

function definedEntries(query: Record<string, unknown> | undefined): [string, string][] {
  return Object.entries(query ?? {})
    .filter(([, v]) => v !== undefined && v !== null && v !== '')
    .map(([k, v]) => [k, String(v)]);
}

export function defineCall<const S extends CallSpec>(spec: S): Call<S> {
  return {
    ...spec,
    id: `${spec.method} ${spec.path}`,
    key(params, query) {
      const base = segments(spec.path, params as Record<string, unknown> | undefined);
      const entries = definedEntries(query as Record<string, unknown> | undefined);
      return entries.length > 0 ? [...base, Object.fromEntries(entries)] : base;
    },
    url(params, query) {
      const path = spec.path.replace(/:([A-Za-z]+)/g, (_, name: string) => {
        const value = (params as Record<string, unknown> | undefined)?.[name];
        if (value === undefined) throw new Error(`${spec.method} ${spec.path} needs the param ${name}`);
        return encodeURIComponent(String(value));
      });
      const search = new URLSearchParams(definedEntries(query as Record<string, unknown> | undefined)).toString();
      return search ? `${path}?${search}` : path;
    },
  };
}
