import {
  changeOrderPriority,
  createOrder as createOrderCall,
  fireCourse,
  listedOrders,
  listOrders,
} from '@tablewise/shared';
import { changePriority, fireCourseNow } from '../../commands/order-changes.js';
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

/** Fire now: staff send a held course to the kitchen early, on the cloud or through a terminal's
 * outbox. */
export const courseFired = pushable(fireCourse, async (deps, actor, { params, body }, trx) =>
  ok(await fireCourseNow(trx, actor, params().orderId, await body(), deps.now())),
);

/** Staff on a terminal place an order for a table; the outbox carries it (the route below serves
 * guests and staff on the cloud). */
export const orderPlaced = pushable(createOrderCall, async (deps, actor, { body }, trx) => {
  const { order, created } = await createOrder(trx, actor, await body(), deps.now());
  return ok(order, created ? 201 : 200);
});

/**
 * PostgreSQL refused an order whose id exists: a unique_violation on the orders' key or their
 * items' (whose ids derive from the order's), whichever of the statement's inserts met it first.
 */
function isDuplicateOrder(error: unknown): boolean {
  const e = error as { code?: string; constraint?: string } | null;
  return e?.code === '23505' && (e.constraint === 'orders_pkey' || e.constraint === 'order_items_pkey');
}

export function ordersRouter(deps: AppDeps): AppRouter {
  const router = newRouter();
  const guestOrderLimit = guestRateLimit(deps.limits, 'order');

  serve(router, listOrders, async ({ ctx }) => listedOrders(await openOrders(deps.db, requireVenueActor(ctx).venueId)));

  // A guest orders for their own session; staff and terminals may order for any session of
  // their venue (a server taking an order at the table).
  serve(router, createOrderCall, async ({ ctx, body }) => {
    const actor = requireAnyActor(ctx);
    if (actor.kind === 'guest') await guestOrderLimit(ctx, actor.sessionId);
    const input = await body();
    const place = () =>
      mutate(
        ctx,
        deps,
        actor,
        async (trx) => {
          const { order, created } = await createOrder(trx, actor, input, deps.now(), { lastWrite: true });
          return ok(order, created ? 201 : 200);
        },
        { claimWithFirstRead: true },
      );
    try {
      await place();
    } catch (error) {
      // Another request placed this order id first, between the read and the commit: nothing
      // was written, and the order is answered as placed the second time.
      if (!isDuplicateOrder(error)) throw error;
      await place();
    }
    return undefined;
  });

  servePushable(router, deps, priorityChanged);
  servePushable(router, deps, courseFired);

  return router;
}
