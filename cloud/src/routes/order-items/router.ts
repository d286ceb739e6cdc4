import { changeItemStatus as changeItemStatusCall, getOrderItem, listKitchenItems } from '@tablewise/shared';
import { changeItemStatus, getItem, kitchenItems } from '../../commands/order-items.js';
import type { AppDeps } from '../../context.js';
import { requireVenueActor } from '../../policies/principals.js';
import { type AppRouter, newRouter, ok, serve } from '../http.js';
import { pushable, servePushable } from '../pushable.js';

/** A staff move of an item; what a terminal's outbox carries. */
export const itemStatusChange = pushable(changeItemStatusCall, async (deps, actor, { params, body }, trx) => {
  const { id } = params();
  const { status } = await body();
  return ok(await changeItemStatus(trx, actor, id, status, deps.now()));
});

export function orderItemsRouter(deps: AppDeps): AppRouter {
  const router = newRouter();

  serve(router, listKitchenItems, async ({ ctx }) => kitchenItems(deps.db, requireVenueActor(ctx)));

  serve(router, getOrderItem, async ({ ctx, params }) => {
    const actor = requireVenueActor(ctx);
    return getItem(deps.db, actor, params().id);
  });

  servePushable(router, deps, itemStatusChange);

  return router;
}
