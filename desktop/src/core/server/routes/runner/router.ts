import Router from '@koa/router';
import {
  changeRunnerOrderStatus,
  createDeliveryRun,
  listDeliveryRuns,
  listRunnerOrders,
  listRunners,
  runnerOrdersAnswer,
  SERVICE_MESSAGES,
  sendToExpo,
} from '@tablewise/shared';
import { getOrderItem } from '../../../sqlite/repositories/orders.js';
import {
  listRunnerOrders as storedRunnerOrders,
  listRunners as storedRunners,
} from '../../../sqlite/repositories/runners.js';
import { askCloud } from '../../../sync/ask-cloud.js';
import type { LocalServerDeps, StaffState } from '../../deps.js';
import { type LocalRouter, serve } from '../../serve.js';

/** Expo's Send to Runner and the runner interface, from the replica; moves go through the outbox. */
export function runnerRouter(deps: LocalServerDeps): LocalRouter {
  const router = new Router<StaffState>();

  serve(router, deps, listRunnerOrders, () => {
    const orders = storedRunnerOrders(deps.read);
    const states = new Map(
      orders.flatMap((o) => o.items.map((i) => [i.id, getOrderItem(deps.read, i.id)?.status ?? i.status] as const)),
    );
    return runnerOrdersAnswer(orders, states, deps.now());
  });
  serve(router, deps, listRunners, () => storedRunners(deps.read));

  serve(router, deps, sendToExpo, async ({ params, body }) => deps.sendToRunners(params().orderId, await body()));
  serve(router, deps, changeRunnerOrderStatus, async ({ params, body }) =>
    deps.moveRunnerOrder(params().id, await body()),
  );

  // Zone runs are the cloud's: the terminal asks it, and says so when it cannot. The orders a run
  // takes out come back to the replica through the feed (runner.order.updated).
  const needsCloud = SERVICE_MESSAGES.deliveryRunsNeedCloud;
  serve(router, deps, listDeliveryRuns, () => askCloud(deps.api, listDeliveryRuns, { needsCloud }));
  serve(router, deps, createDeliveryRun, async ({ body }) =>
    askCloud(deps.api, createDeliveryRun, { body: await body(), needsCloud }),
  );

  return router;
}
