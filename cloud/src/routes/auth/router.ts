import {
  getMe,
  login as loginCall,
  logout as logoutCall,
  MESSAGES,
  STAFF_SESSION_COOKIE,
  STAFF_SESSION_TTL_MS,
} from '@tablewise/shared';
import { login, logout, meOf } from '../../commands/auth.js';
import type { AppDeps } from '../../context.js';
import { AppError } from '../../errors.js';
import { VENUE_HEADER } from '../../middleware/principals.js';
import { requireStaff } from '../../policies/principals.js';
import { createLoginThrottle } from '../../security/login-throttle.js';
import { type AppRouter, newRouter, serve } from '../http.js';

export function authRouter(deps: AppDeps): AppRouter {
  const router = newRouter();
  const throttle = createLoginThrottle({ maxFailures: 10, windowMs: 15 * 60_000 });

  serve(router, loginCall, async ({ ctx, body }) => {
    const input = await body();
    const key = `${ctx.ip}|${input.email.toLowerCase()}`;
    const waitMs = throttle.blockedFor(key, Date.now());
    if (waitMs > 0) {
      ctx.set('Retry-After', String(Math.ceil(waitMs / 1000)));
      throw new AppError(429, 'too_many_attempts', MESSAGES.tooManySignInAttempts);
    }
    let result: Awaited<ReturnType<typeof login>>;
    try {
      result = await login(deps, { ...input, requestedVenueId: ctx.get(VENUE_HEADER) || undefined });
    } catch (error) {
      if (error instanceof AppError && error.status === 401) throttle.fail(key, Date.now());
      throw error;
    }
    throttle.succeed(key);
    ctx.cookies.set(STAFF_SESSION_COOKIE, result.token, {
      httpOnly: true,
      sameSite: 'lax',
      path: '/',
      maxAge: STAFF_SESSION_TTL_MS,
      secure: ctx.secure,
      overwrite: true,
    });
    return result.me;
  });

  serve(router, logoutCall, async ({ ctx }) => {
    const staff = ctx.state.principals.staff;
    if (staff) await logout(deps, staff);
    ctx.cookies.set(STAFF_SESSION_COOKIE, null, { path: '/', httpOnly: true, sameSite: 'lax', overwrite: true });
    return { success: true as const };
  });

  serve(router, getMe, async ({ ctx }) => meOf(requireStaff(ctx)));

  return router;
}
