import { menuAnswer } from '@tablewise/shared';
import type { AppDeps } from '../../context.js';
import { requireAnyActor } from '../../policies/principals.js';
import { presentMenuItem } from '../../presenters/index.js';
import { listMenuItems } from '../../repositories/menu.js';
import { type AppRouter, newRouter } from '../http.js';

export function menuRouter(deps: AppDeps): AppRouter {
  const router = newRouter();

  router.get('/api/menu', async (ctx) => {
    const actor = requireAnyActor(ctx);
    const items = (await listMenuItems(deps.db, { orgId: actor.orgId, venueId: actor.venueId })).map(presentMenuItem);
    ctx.body = menuAnswer(items);
  });

  return router;
}
