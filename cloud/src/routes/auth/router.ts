import {
  chooseVenue,
  getMe,
  listMyVenues,
  login as loginCall,
  logout as logoutCall,
  MESSAGES,
  STAFF_SESSION_COOKIE,
  STAFF_SESSION_TTL_MS,
  signUp as signUpCall,
  VENUE_HEADER,
} from '@tablewise/shared';
import { login, logout, meOf } from '../../commands/auth.js';
import { signUp } from '../../commands/sign-up.js';
import { chooseVenueFor, venuesOfMember } from '../../commands/venue-choice.js';
import type { AppDeps } from '../../context.js';
import { AppError } from '../../errors.js';
import { requireStaff } from '../../policies/principals.js';
import { beginSignIn } from '../../security/login-throttle.js';
import { type AppRouter, newRouter, serve } from '../http.js';

export function authRouter(deps: AppDeps): AppRouter {
  const router = newRouter();

  serve(router, loginCall, async ({ ctx, body }) => {
    const input = await body();
    // Counted before the password is checked: a burst of parallel guesses cannot pass the limit.
    const attempt = await beginSignIn(deps, input.email, ctx.ip);
    if (!attempt.allowed) {
      ctx.set('Retry-After', String(Math.ceil(attempt.retryAfterMs / 1000)));
      throw new AppError(429, 'too_many_attempts', MESSAGES.tooManySignInAttempts);
    }
    let result: Awaited<ReturnType<typeof login>>;
    try {
      result = await login(deps, { ...input, requestedVenueId: ctx.get(VENUE_HEADER) || undefined });
    } catch (error) {
      // A wrong password keeps its count; a right one with no venue to sign in to clears it.
      if (error instanceof AppError && error.status === 403) await attempt.succeeded();
      else if (!(error instanceof AppError && error.status === 401)) await attempt.abandoned();
      throw error;
    }
    await attempt.succeeded();
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

  serve(router, signUpCall, async ({ ctx, body }) => {
    const result = await signUp(deps, await body());
    ctx.cookies.set(STAFF_SESSION_COOKIE, result.token, {
      httpOnly: true,
      sameSite: 'lax',
      path: '/',
      maxAge: STAFF_SESSION_TTL_MS,
      secure: ctx.secure,
      overwrite: true,
    });
    ctx.status = 201;
    return result.me;
  });

  serve(router, logoutCall, async ({ ctx }) => {
    const staff = ctx.state.principals.staff;
    if (staff) await logout(deps, staff);
    ctx.cookies.set(STAFF_SESSION_COOKIE, null, { path: '/', httpOnly: true, sameSite: 'lax', overwrite: true });
    return { success: true as const };
  });

  serve(router, getMe, async ({ ctx }) => meOf(requireStaff(ctx)));

  // The header's venue selector (issue 24): the session's venue is the member's choice.
  serve(router, listMyVenues, async ({ ctx }) => venuesOfMember(deps, requireStaff(ctx)));
  serve(router, chooseVenue, async ({ ctx, body }) => chooseVenueFor(deps, requireStaff(ctx), (await body()).venueId));

  return router;
}
