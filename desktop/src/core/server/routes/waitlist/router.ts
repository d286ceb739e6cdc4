import Router from '@koa/router';
import { listWaitlist, waitlistAnswer } from '@tablewise/shared';
import { listActiveWaitlist } from '../../../sqlite/repositories/venue-data.js';
import type { LocalServerDeps, StaffState } from '../../deps.js';
import { type LocalRouter, serve } from '../../serve.js';

export function waitlistRouter(deps: LocalServerDeps): LocalRouter {
  const router = new Router<StaffState>();
  serve(router, deps, listWaitlist, () => waitlistAnswer(listActiveWaitlist(deps.read)));
  return router;
}
