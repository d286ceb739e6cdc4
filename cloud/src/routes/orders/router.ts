import { changeOrderPriority, createOrder as createOrderCall, listOrders } from '@tablewise/shared';
import { changePriority } from '../../commands/order-changes.js';
import { createOrder, openOrders } from '../../commands/orders.js';
import type { AppDeps } from '../../context.js';
import { requireAnyActor, requireVenueActor } from '../../policies/principals.js';
import { guestRateLimit } from '../guest/rate-limits.js';
import { type AppRouter, mutate, newRouter, ok, serve } from '../http.js';
import { pushable, servePushable } from '../pushable.js';

/** Staff change an order's priority, on the cloud or through a terminal's outbox. */
export const priorityChanged = pushable(changeOrderPriority, async (deps, actor, { params, body }, trx) => {
  const { id } = params();
  const { priority } = await body();
  return ok(await changePriority(trx, actor, id, priority, deps.now()));
});

/** Staff on a terminal place an order for a table; the outbox carries it (the route below serves
 * guests and staff on the cloud). */
export const orderPlaced = pushable(createOrderCall, async (deps, actor, { body }, trx) => {
  const { order, created } = await createOrder(trx, actor, await body(), deps.now());
  return ok(order, created ? 201 : 200);
});

export function ordersRouter(deps: AppDeps): AppRouter {
  const router = newRouter();
  const guestOrderLimit = guestRateLimit('order');

  serve(router, listOrders, async ({ ctx }) => openOrders(deps.db, requireVenueActor(ctx).venueId));

  // A guest orders for their own session; staff and terminals may order for any session of
  // their venue (a server taking an order at the table).
  serve(router, createOrderCall, async ({ ctx, body }) => {
    const actor = requireAnyActor(ctx);
    if (actor.kind === 'guest') await guestOrderLimit(ctx, actor.sessionId);
    const input = await body();
    await mutate(ctx, deps, actor, async (trx) => {
      const { order, created } = await createOrder(trx, actor, input, deps.now());
      return ok(order, created ? 201 : 200);
    });
    return undefined;
  });

  servePushable(router, deps, priorityChanged);

  return router;
}
