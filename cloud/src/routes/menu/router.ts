import { getMenu, menuAnswer } from '@tablewise/shared';
import type { AppDeps } from '../../context.js';
import { requireAnyActor } from '../../policies/principals.js';
import { presentMenuItem } from '../../presenters/index.js';
import { listMenuItems } from '../../repositories/menu.js';
import { type AppRouter, newRouter, serve } from '../http.js';

export function menuRouter(deps: AppDeps): AppRouter {
  const router = newRouter();

  serve(router, getMenu, async ({ ctx }) => {
    const actor = requireAnyActor(ctx);
    return menuAnswer(
      (await listMenuItems(deps.db, { orgId: actor.orgId, venueId: actor.venueId })).map(presentMenuItem),
    );
  });

  return router;
}
