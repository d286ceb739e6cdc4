import { randomUUID } from 'node:crypto';
import Router from '@koa/router';
import {
  AppError,
  changeRunnerOrderStatus,
  createDeliveryRun,
  IDEMPOTENCY_HEADER,
  listDeliveryRuns,
  listRunnerOrders,
  listRunners,
  runnerOrdersAnswer,
  SERVICE_MESSAGES,
  sendToExpo,
} from '@tablewise/shared';
import {
  listRunnerOrders as storedRunnerOrders,
  listRunners as storedRunners,
} from '../../../sqlite/repositories/runners.js';
import { getOrderItem } from '../../../sqlite/repositories/venue-data.js';
import { CloudUnreachable, isSuccess, messageOf } from '../../../sync/cloud-api.js';
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

  serve(router, deps, sendToExpo, async ({ params }) => deps.sendToRunners(params().orderId));
  serve(router, deps, changeRunnerOrderStatus, async ({ params, body }) =>
    deps.moveRunnerOrder(params().id, await body()),
  );

  // Zone runs are the cloud's: the terminal asks it, and says so when it cannot. The orders a run
  // takes out come back to the replica through the feed (runner.order.updated).
  const viaCloud = async (method: 'GET' | 'POST', path: string, body?: unknown): Promise<unknown> => {
    let answer: Awaited<ReturnType<typeof deps.api.request>>;
    try {
      answer = await deps.api.request(method, path, {
        ...(body === undefined ? {} : { body }),
        ...(method === 'POST' ? { headers: { [IDEMPOTENCY_HEADER]: randomUUID() } } : {}),
      });
    } catch (error) {
      if (error instanceof CloudUnreachable)
        throw new AppError(503, 'cloud_unreachable', SERVICE_MESSAGES.deliveryRunsNeedCloud);
      throw error;
    }
    if (isSuccess(answer.status)) return answer.body;
    const message = messageOf(answer.body) ?? SERVICE_MESSAGES.deliveryRunsNeedCloud;
    if (answer.status === 400) throw new AppError(400, 'bad_request', message);
    if (answer.status === 404) throw new AppError(404, 'not_found', message);
    if (answer.status === 409) throw new AppError(409, 'conflict', message);
    throw new AppError(502, 'cloud_unreachable', message);
  };
  serve(router, deps, listDeliveryRuns, async () =>
    listDeliveryRuns.answer.parse(await viaCloud('GET', listDeliveryRuns.path)),
  );
  serve(router, deps, createDeliveryRun, async ({ body }) =>
    createDeliveryRun.answer.parse(await viaCloud('POST', createDeliveryRun.path, await body())),
  );

  return router;
}
