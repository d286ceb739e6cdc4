import {
  changeOrderPriority,
  createOrder as createOrderCall,
  fireCourse,
  listedOrders,
  listOrders,
} from '@tablewise/shared';
import { changePriority, fireCourseNow } from '../../commands/order-changes.js';
import { createOrder, isDuplicateOrder, openOrders, placeOrderAtOnce } from '../../commands/orders.js';
import type { AppDeps } from '../../context.js';
import { actorRef } from '../../context.js';
import { requireAnyActor, requireVenueActor } from '../../policies/principals.js';
import { guestRateLimit } from '../guest/rate-limits.js';
import { type AppRouter, idempotencyKeyOf, mutate, newRouter, ok, serve } from '../http.js';
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
    // A new order with its key, as guests' phones send it: placed in two hand-built statements
    // (commands/orders.ts), answered with its JSON as stored. Anything else goes the general way.
    const key = idempotencyKeyOf(ctx);
    if (key && actor.kind !== 'terminal') {
      const meta = {
        orgId: actor.orgId,
        principal: actorRef(actor).principal,
        method: ctx.method,
        path: ctx.path,
        body: ctx.state.body,
        idempotencyKey: key,
      };
      const placed = await placeOrderAtOnce(deps.db, actor, input, meta, deps.now());
      if (placed) {
        ctx.status = 201;
        ctx.type = 'application/json';
        ctx.body = placed.json;
        return undefined;
      }
    }
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
