// The terminal's adapter over the shared call modules: the same parsing and answers as the
// cloud's, with staff sign-in checked here for every call that is not public.
import type Router from '@koa/router';
import type { RouterContext } from '@koa/router';
import {
  type Call,
  type CallHandler,
  type CallSpec,
  dutyAllows,
  forbidden,
  holdsPermission,
  MESSAGES,
  registerOn,
  STAFF_SESSION_COOKIE,
  serveCall,
  unauthorized,
} from '@tablewise/shared';
import { whoIs } from './auth.js';
import type { LocalServerDeps, StaffState } from './deps.js';
import { readJson } from './errors.js';

export type LocalCtx = RouterContext<StaffState>;
export type LocalRouter = Router<StaffState>;

export function serve<S extends CallSpec>(
  router: LocalRouter,
  deps: Pick<LocalServerDeps, 'read' | 'now'>,
  call: Call<S>,
  handler: CallHandler<S, LocalCtx>,
): void {
  if (!call.tiers.includes('terminal')) throw new Error(`${call.id} is not served by the terminal`);
  serveCall<S, LocalCtx>(
    { register: registerOn(router), readBody: readJson, checkAnswers: Boolean(process.env.VITEST) },
    call,
    (request) => {
      if (!call.audience.includes('public')) {
        const me = whoIs(deps, request.ctx.cookies.get(STAFF_SESSION_COOKIE));
        if (!me) throw unauthorized();
        // A call that names a permission is refused to staff who do not hold it (docs/roles.md).
        if (call.permission && !holdsPermission(me.principal, call.permission)) throw forbidden();
        // And by duty, from the same table as the cloud (docs/roles.md, Calls by duty).
        if (!dutyAllows(me.principal, call)) throw forbidden(MESSAGES.notYourDuty);
        request.ctx.state.me = me;
      }
      return handler(request);
    },
  );
}
