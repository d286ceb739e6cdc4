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
import { pushable, servePushable } from '../pushable.js';

/** Send to Runner, on the cloud or through a terminal's outbox. */
export const sentToRunners = pushable(sendToExpo, async (deps, actor, { params, body }, trx) =>
  ok(await sendOrderToRunners(trx, actor, params().orderId, await body(), deps.now())),
);

/** Pick Up, Delivered, Return Requested, on the cloud or through a terminal's outbox. */
export const runnerOrderMoved = pushable(changeRunnerOrderStatus, async (deps, actor, { params, body }, trx) =>
  ok(await changeRunnerOrder(trx, actor, params().id, await body(), deps.now())),
);

/** Expo's Send to Runner and the runner interface (spec 2 sections 2.6, 2.7 and 7). */
export function runnerRouter(deps: AppDeps): AppRouter {
  const router = newRouter();

  serve(router, listRunnerOrders, async ({ ctx }) => runnerOrders(deps.db, requireVenueActor(ctx).venueId, deps.now()));
  serve(router, listRunners, async ({ ctx }) => runners(deps.db, requireVenueActor(ctx).venueId));
  serve(router, listDeliveryRuns, async ({ ctx }) => deliveryRuns(deps.db, requireVenueActor(ctx), deps.now()));

  servePushable(router, deps, sentToRunners);
  servePushable(router, deps, runnerOrderMoved);

  serve(router, createDeliveryRun, async ({ ctx, body }) => {
    const actor = requireVenueActor(ctx);
    const input = await body();
    await mutate(ctx, deps, actor, async (trx) => ok(await createZoneRun(trx, actor, input, deps.now()), 201));
    return undefined;
  });

  return router;
}
