import Router from '@koa/router';
import {
  dismissRejectedChange,
  getTerminalStatus,
  notFound,
  SIGNED_OUT_TERMINAL,
  STAFF_SESSION_COOKIE,
} from '@tablewise/shared';
import { whoIs } from '../../auth.js';
import type { LocalServerDeps, StaffState } from '../../deps.js';
import { type LocalRouter, serve } from '../../serve.js';

export function terminalRouter(deps: LocalServerDeps): LocalRouter {
  const router = new Router<StaffState>();

  // Asked by the sign-in page too: before sign-in, only that this is a terminal.
  serve(router, deps, getTerminalStatus, ({ ctx }) =>
    whoIs(deps, ctx.cookies.get(STAFF_SESSION_COOKIE)) ? deps.status() : SIGNED_OUT_TERMINAL,
  );

  serve(router, deps, dismissRejectedChange, ({ params }) => {
    if (!deps.dismissRejection(params().id)) throw notFound('Rejected change');
    return deps.status();
  });

  return router;
}
