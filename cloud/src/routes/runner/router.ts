import {
  changeRunnerOrderStatus,
  createDeliveryRun,
  listDeliveryRuns,
  listRunnerOrders,
  listRunners,
  sendToExpo,
} from '@tablewise/shared';
import {
  changeRunnerOrder,
  createZoneRun,
  deliveryRuns,
  runnerOrders,
  runners,
  sendOrderToRunners,
} from '../../commands/runner.js';
import type { AppDeps } from '../../context.js';
import { requireVenueActor } from '../../policies/principals.js';
import { type AppRouter, mutate, newRouter, ok, serve } from '../http.js';

/** Expo's Send to Runner and the runner interface (spec 2 sections 2.6, 2.7 and 7). */
export function runnerRouter(deps: AppDeps): AppRouter {
  const router = newRouter();

  serve(router, listRunnerOrders, async ({ ctx }) => runnerOrders(deps.db, requireVenueActor(ctx), deps.now()));
  serve(router, listRunners, async ({ ctx }) => runners(deps.db, requireVenueActor(ctx)));
  serve(router, listDeliveryRuns, async ({ ctx }) => deliveryRuns(deps.db, requireVenueActor(ctx), deps.now()));

  serve(router, sendToExpo, async ({ ctx, params }) => {
    const actor = requireVenueActor(ctx);
    const { orderId } = params();
    await mutate(ctx, deps, actor, async (trx) => ok(await sendOrderToRunners(trx, actor, orderId, deps.now())));
    return undefined;
  });

  serve(router, changeRunnerOrderStatus, async ({ ctx, params, body }) => {
    const actor = requireVenueActor(ctx);
    const { id } = params();
    const input = await body();
    await mutate(ctx, deps, actor, async (trx) => ok(await changeRunnerOrder(trx, actor, id, input, deps.now())));
    return undefined;
  });

  serve(router, createDeliveryRun, async ({ ctx, body }) => {
    const actor = requireVenueActor(ctx);
    const input = await body();
    await mutate(ctx, deps, actor, async (trx) => ok(await createZoneRun(trx, actor, input, deps.now()), 201));
    return undefined;
  });

  return router;
}
