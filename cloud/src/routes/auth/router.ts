import { LoginRequest, STAFF_SESSION_COOKIE, STAFF_SESSION_TTL_MS } from '@tablewise/shared';
import { login, logout, meOf } from '../../commands/auth.js';
import type { AppDeps } from '../../context.js';
import { parseOr400 } from '../../errors.js';
import { VENUE_HEADER } from '../../middleware/principals.js';
import { requireStaff } from '../../policies/principals.js';
import { type AppRouter, newRouter } from '../http.js';

export function authRouter(deps: AppDeps): AppRouter {
  const router = newRouter();

  router.post('/api/auth/login', async (ctx) => {
    const input = parseOr400(LoginRequest, ctx.state.body ?? {});
    const result = await login(deps, { ...input, requestedVenueId: ctx.get(VENUE_HEADER) || undefined });
    ctx.cookies.set(STAFF_SESSION_COOKIE, result.token, {
      httpOnly: true,
      sameSite: 'lax',
      path: '/',
      maxAge: STAFF_SESSION_TTL_MS,
      secure: ctx.secure,
      overwrite: true,
    });
    ctx.body = result.me;
  });

  router.post('/api/auth/logout', async (ctx) => {
    const staff = ctx.state.principals.staff;
    if (staff) await logout(deps, staff);
    ctx.cookies.set(STAFF_SESSION_COOKIE, null, { path: '/', httpOnly: true, sameSite: 'lax', overwrite: true });
    ctx.body = { success: true };
  });

  router.get('/api/auth/me', async (ctx) => {
    ctx.body = meOf(requireStaff(ctx));
  });

  return router;
}
