// Sign-in on the terminal: the cloud decides while it answers; offline, a sign-in made here before.
import Router from '@koa/router';
import { getMe, login, logout, STAFF_SESSION_COOKIE } from '@tablewise/shared';
import { signIn, signOut } from '../../auth.js';
import type { LocalServerDeps, StaffState } from '../../deps.js';
import { type LocalRouter, serve } from '../../serve.js';

export function authRouter(deps: LocalServerDeps): LocalRouter {
  const router = new Router<StaffState>();

  serve(router, deps, login, async ({ ctx, body }) => {
    const result = await signIn(deps, await body());
    ctx.cookies.set(STAFF_SESSION_COOKIE, result.token, {
      httpOnly: true,
      sameSite: 'strict',
      path: '/',
      expires: result.expiresAt,
      overwrite: true,
    });
    return result.me;
  });

  serve(router, deps, logout, ({ ctx }) => {
    signOut(deps, ctx.cookies.get(STAFF_SESSION_COOKIE));
    deps.bus.emit('staffSignedOut');
    ctx.cookies.set(STAFF_SESSION_COOKIE, null, { httpOnly: true, sameSite: 'strict', path: '/', overwrite: true });
    return { success: true as const };
  });

  serve(router, deps, getMe, ({ ctx }) => ctx.state.me);

  return router;
}
