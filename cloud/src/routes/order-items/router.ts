import { changeItemStatus as changeItemStatusCall, getOrderItem, listKitchenItems } from '@tablewise/shared';
import { changeItemStatus, getItem, kitchenItems } from '../../commands/order-items.js';
import type { AppDeps } from '../../context.js';
import { requireVenueActor } from '../../policies/principals.js';
import { type AppRouter, mutate, newRouter, ok, serve } from '../http.js';

export function orderItemsRouter(deps: AppDeps): AppRouter {
  const router = newRouter();

  serve(router, listKitchenItems, async ({ ctx }) => kitchenItems(deps.db, requireVenueActor(ctx)));

  serve(router, getOrderItem, async ({ ctx, params }) => {
    const actor = requireVenueActor(ctx);
    return getItem(deps.db, actor, params().id);
  });

  serve(router, changeItemStatusCall, async ({ ctx, params, body }) => {
    const actor = requireVenueActor(ctx);
    await mutate(ctx, deps, actor, async (trx) => {
      // Inside the mutation so a terminal's malformed or unknown-item request still takes its
      // sequence number and keeps its refusal.
      const { id } = params();
      const { status } = await body();
      return ok(await changeItemStatus(trx, actor, id, status, deps.now()));
    });
    return undefined;
  });

  return router;
}
