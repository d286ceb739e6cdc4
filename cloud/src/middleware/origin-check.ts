// Cookies are SameSite=Lax; this refuses writes that a browser sends from a foreign page anyway.
// Only configured origins pass (issue 27): the public URL's and the page's own (a browser names the
// host it sends to, so a foreign page cannot claim it). Any loopback port used to pass too, which let
// any local program or a page served by one write with a signed-in staff member's cookie; the
// development servers proxy with the page's own Host, so they still pass.
import { MESSAGES } from '@tablewise/shared';
import type Koa from 'koa';
import type { AppDeps, AppState } from '../context.js';
import { forbidden } from '../errors.js';

export function originCheck(deps: Pick<AppDeps, 'publicUrl'>): Koa.Middleware<AppState> {
  return async (ctx, next) => {
    const origin = ctx.get('Origin');
    if (
      origin &&
      ctx.method !== 'GET' &&
      ctx.method !== 'HEAD' &&
      !originAllowed(origin, `${ctx.protocol}://${ctx.host}`, deps.publicUrl)
    ) {
      throw forbidden(MESSAGES.forbiddenOrigin);
    }
    await next();
  };
}

/**
 * The one origin rule, for HTTP writes and for /ws upgrades that carry a cookie: the page's own
 * origin, or the public URL's, exactly (scheme, host and port). `own` is the request's own origin
 * (`http://host:port`), or its Host alone where the scheme is not known (an upgrade behind a proxy).
 */
export function originAllowed(origin: string, own: string | undefined, publicUrl: string): boolean {
  const parsed = safeUrl(origin);
  if (parsed === null || parsed.origin !== origin) return false;
  const ownMatches = own !== undefined && (own.includes('://') ? parsed.origin === own : parsed.host === own);
  return ownMatches || parsed.origin === safeOrigin(publicUrl);
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
