// Cookies are SameSite=Lax; this refuses writes that a browser sends from a foreign page anyway.
// Loopback origins are allowed so development servers that proxy to the API keep working.
import { MESSAGES } from '@tablewise/shared';
import type Koa from 'koa';
import type { AppDeps, AppState } from '../context.js';
import { forbidden } from '../errors.js';

const LOOPBACK = new Set(['localhost', '127.0.0.1', '[::1]']);

export function originCheck(deps: Pick<AppDeps, 'publicUrl'>): Koa.Middleware<AppState> {
  const publicOrigin = safeOrigin(deps.publicUrl);
  return async (ctx, next) => {
    const origin = ctx.get('Origin');
    if (origin && ctx.method !== 'GET' && ctx.method !== 'HEAD') {
      const parsed = safeUrl(origin);
      const allowed =
        parsed !== null &&
        (parsed.host === ctx.host || parsed.origin === publicOrigin || LOOPBACK.has(parsed.hostname));
      if (!allowed) throw forbidden(MESSAGES.forbiddenOrigin);
    }
    await next();
  };
}

function safeUrl(value: string): URL | null {
  try {
    return new URL(value);
  } catch {
    return null;
  }
}

function safeOrigin(value: string): string | null {
  return safeUrl(value)?.origin ?? null;
}
