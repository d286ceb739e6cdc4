// POST /api/auth/login, POST /api/auth/logout, GET /api/auth/me on the terminal.
import Router from '@koa/router';
import { STAFF_SESSION_COOKIE } from '@tablewise/shared';
import { signIn, signOut, whoIs } from '../auth.js';
import type { LocalServerDeps } from '../deps.js';
import { readJson, unauthorized } from '../errors.js';

export function authRouter(deps: LocalServerDeps): Router {
  const router = new Router({ prefix: '/api/auth' });

  router.post('/login', async (ctx) => {
    const result = await signIn(deps, await readJson(ctx));
    ctx.cookies.set(STAFF_SESSION_COOKIE, result.token, {
      httpOnly: true,
      sameSite: 'strict',
      path: '/',
      expires: result.expiresAt,
      overwrite: true,
    });
    ctx.body = result.me;
  });

  router.post('/logout', async (ctx) => {
    signOut(deps, ctx.cookies.get(STAFF_SESSION_COOKIE));
    ctx.cookies.set(STAFF_SESSION_COOKIE, null, { httpOnly: true, sameSite: 'strict', path: '/', overwrite: true });
    ctx.status = 204;
  });

  router.get('/me', (ctx) => {
    const me = whoIs(deps, ctx.cookies.get(STAFF_SESSION_COOKIE));
    if (!me) throw unauthorized();
    ctx.body = me;
  });

  return router;
}
