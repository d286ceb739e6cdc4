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
import { guestRateLimit, refuseLimited } from '../guest/rate-limits.js';
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

const JSON_TYPE = 'application/json; charset=utf-8';

export function ordersRouter(deps: AppDeps): AppRouter {
  const router = newRouter();
  const guestOrderLimit = guestRateLimit(deps.limits, 'order');

  serve(router, listOrders, async ({ ctx }) => listedOrders(await openOrders(deps.db, requireVenueActor(ctx).venueId)));

  // A guest orders for their own session; staff and terminals may order for any session of
  // their venue (a server taking an order at the table).
  serve(router, createOrderCall, async ({ ctx, body }) => {
    const actor = requireAnyActor(ctx);
    // A guest's order counts against their address and session before anything else is done.
    let counted = actor.kind !== 'guest';
    const count = async () => {
      if (counted) return;
      counted = true;
      await guestOrderLimit(ctx, actor.kind === 'guest' ? actor.sessionId : undefined);
    };
    // A new order with its key, as guests' phones send it: placed in one hand-built statement, or
    // two for a session's first (commands/orders.ts), the guest's limit counted in the first round trip, and answered
    // with its JSON as stored. Anything else goes the general way.
    const limit = actor.kind === 'guest' ? guestOrderLimit.counting(ctx, actor.sessionId) : null;
    if (actor.kind !== 'terminal' && (counted || limit)) {
      let input: Awaited<ReturnType<typeof body>>;
      let key: string | undefined;
      try {
        input = await body();
        key = idempotencyKeyOf(ctx);
      } catch (error) {
        // Refused as before: over its limit first, then for what it sent.
        await count();
        throw error;
      }
      if (key) {
        const meta = {
          orgId: actor.orgId,
          principal: actorRef(actor).principal,
          method: ctx.method,
          path: ctx.path,
          body: ctx.state.body,
          idempotencyKey: key,
        };
        const atOnce = await placeOrderAtOnce(deps.db, actor, input, meta, deps.now(), limit ?? undefined);
        if (atOnce.counted) counted = true;
        if (atOnce.limitedFor !== null) refuseLimited(ctx, atOnce.limitedFor);
        if (atOnce.placed) {
          ctx.status = 201;
          // What `ctx.type = 'application/json'` sets, without looking the type up each time.
          ctx.set('Content-Type', JSON_TYPE);
          ctx.body = atOnce.placed.json;
          return undefined;
        }
      }
    }
    await count();
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
