import { CreateOrderRequest } from '@tablewise/shared';
import { createOrder, openOrders } from '../../commands/orders.js';
import type { AppDeps } from '../../context.js';
import { parseOr400 } from '../../errors.js';
import { requireAnyActor, requireVenueActor } from '../../policies/principals.js';
import { type AppRouter, mutate, newRouter, ok } from '../http.js';

export function ordersRouter(deps: AppDeps): AppRouter {
  const router = newRouter();

  router.get('/api/orders', async (ctx) => {
    ctx.body = await openOrders(deps.db, requireVenueActor(ctx).venueId);
  });

  // A guest orders for their own session; staff and terminals may order for any session of
  // their venue (a server taking an order at the table).
  router.post('/api/orders', async (ctx) => {
    const actor = requireAnyActor(ctx);
    const input = parseOr400(CreateOrderRequest, ctx.state.body ?? {});
    await mutate(ctx, deps, actor, async (trx) => {
      const { order, created } = await createOrder(trx, actor, input, deps.now());
      return ok(order, created ? 201 : 200);
    });
  });

  return router;
}
