import Router from '@koa/router';
import { dismissRejectedChange, getTerminalStatus, notFound } from '@tablewise/shared';
import type { LocalServerDeps, StaffState } from '../../deps.js';
import { type LocalRouter, serve } from '../../serve.js';

export function terminalRouter(deps: LocalServerDeps): LocalRouter {
  const router = new Router<StaffState>();

  serve(router, deps, getTerminalStatus, () => deps.status());

  serve(router, deps, dismissRejectedChange, ({ params }) => {
    if (!deps.dismissRejection(params().id)) throw notFound('Rejected change');
    return deps.status();
  });

  return router;
}
