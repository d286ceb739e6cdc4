// Cookies are SameSite=Lax; this refuses writes that a browser sends from a foreign page anyway.
// Loopback origins are allowed so development servers that proxy to the API keep working.
import { MESSAGES } from '@tablewise/shared';
import type Koa from 'koa';
import type { AppDeps, AppState } from '../context.js';
import { forbidden } from '../errors.js';

const LOOPBACK = new Set(['localhost', '127.0.0.1', '[::1]']);

export function originCheck(deps: Pick<AppDeps, 'publicUrl'>): Koa.Middleware<AppState> {
  return async (ctx, next) => {
    const origin = ctx.get('Origin');
    if (origin && ctx.method !== 'GET' && ctx.method !== 'HEAD' && !originAllowed(origin, ctx.host, deps.publicUrl)) {
      throw forbidden(MESSAGES.forbiddenOrigin);
    }
    await next();
  };
}

/**
 * The one origin rule, for HTTP writes and for /ws upgrades that carry a cookie: the page's own
 * host, the public URL's origin, or a loopback address.
 */
export function originAllowed(origin: string, host: string | undefined, publicUrl: string): boolean {
  const parsed = safeUrl(origin);
  return (
    parsed !== null &&
    (parsed.host === host || parsed.origin === safeOrigin(publicUrl) || LOOPBACK.has(parsed.hostname))
  );
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
