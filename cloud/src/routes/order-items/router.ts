import { Id, ItemStatusRequest } from '@tablewise/shared';
import { changeItemStatus, getItem, kitchenItems } from '../../commands/order-items.js';
import type { AppDeps } from '../../context.js';
import { notFound, parseOr400 } from '../../errors.js';
import { requireVenueActor } from '../../policies/principals.js';
import { type AppRouter, mutate, newRouter, ok } from '../http.js';

export function orderItemsRouter(deps: AppDeps): AppRouter {
  const router = newRouter();

  router.get('/api/order-items/kitchen', async (ctx) => {
    ctx.body = await kitchenItems(deps.db, requireVenueActor(ctx));
  });

  router.get('/api/order-items/:id', async (ctx) => {
    const actor = requireVenueActor(ctx);
    if (!Id.safeParse(ctx.params.id).success) throw notFound('Order item');
    ctx.body = await getItem(deps.db, actor, ctx.params.id as string);
  });

  router.post('/api/order-items/:id/status', async (ctx) => {
    const actor = requireVenueActor(ctx);
    const id = ctx.params.id as string;
    await mutate(ctx, deps, actor, async (trx) => {
      // Inside the mutation so a terminal's malformed or unknown-item request still takes its
      // sequence number and keeps its refusal.
      if (!Id.safeParse(id).success) throw notFound('Order item');
      const { status } = parseOr400(ItemStatusRequest, ctx.state.body ?? {});
      return ok(await changeItemStatus(trx, actor, id, status, deps.now()));
    });
  });

  return router;
}
