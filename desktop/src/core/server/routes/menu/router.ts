import Router from '@koa/router';
import { getMenu, menuAnswer, setMenuItemAvailability } from '@tablewise/shared';
import { listMenuItems } from '../../../sqlite/repositories/menu-items.js';
import type { LocalServerDeps, StaffState } from '../../deps.js';
import { type LocalRouter, serve } from '../../serve.js';

export function menuRouter(deps: LocalServerDeps): LocalRouter {
  const router = new Router<StaffState>();
  serve(router, deps, getMenu, () => menuAnswer(listMenuItems(deps.read)));
  // Applied to the replica at once and queued for the cloud.
  serve(router, deps, setMenuItemAvailability, async ({ params, body }) =>
    deps.setMenuItemAvailability(params().id, (await body()).isAvailable),
  );
  return router;
}
