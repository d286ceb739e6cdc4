import Router from '@koa/router';
import { getMenu, menuAnswer } from '@tablewise/shared';
import { listMenuItems } from '../../../sqlite/repositories/venue-data.js';
import type { LocalServerDeps, StaffState } from '../../deps.js';
import { type LocalRouter, serve } from '../../serve.js';

export function menuRouter(deps: LocalServerDeps): LocalRouter {
  const router = new Router<StaffState>();
  serve(router, deps, getMenu, () => menuAnswer(listMenuItems(deps.read)));
  return router;
}
