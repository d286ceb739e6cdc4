import type { MenuAnswer, MenuItem } from '@tablewise/shared';
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
    const groupedByCategory: Record<string, MenuItem[]> = {};
    for (const item of items) {
      const group = groupedByCategory[item.category] ?? [];
      group.push(item);
      groupedByCategory[item.category] = group;
    }
    const answer: MenuAnswer = { items, groupedByCategory };
    ctx.body = answer;
  });

  return router;
}
