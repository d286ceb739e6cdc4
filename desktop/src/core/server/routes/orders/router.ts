import Router from '@koa/router';
import {
  changeOrderPriority,
  createOrder,
  fireCourse,
  listedOrders,
  listOrders,
  openOrdersAnswer,
} from '@tablewise/shared';
import { listOrderFacts } from '../../../sqlite/repositories/orders.js';
import type { LocalServerDeps, StaffState } from '../../deps.js';
import { type LocalRouter, serve } from '../../serve.js';

export function ordersRouter(deps: LocalServerDeps): LocalRouter {
  const router = new Router<StaffState>();
  serve(router, deps, listOrders, () => {
    const { orders, items } = listOrderFacts(deps.read);
    return listedOrders(openOrdersAnswer(orders, items));
  });
  // Staff order for a table: priced from the replica, applied and queued for the cloud. An id sent
  // again answers the order as placed with 200, as the cloud does.
  serve(router, deps, createOrder, async ({ ctx, body }) => {
    const { order, created } = deps.createOrder(await body());
    if (created) return order;
    ctx.status = 200;
    ctx.body = order;
    return undefined;
  });
  // Applied to the replica at once and queued for the cloud.
  serve(router, deps, changeOrderPriority, async ({ params, body }) =>
    deps.changeOrderPriority(params().id, (await body()).priority),
  );
  // Fire now: the held course to the kitchen here at once, queued for the cloud.
  serve(router, deps, fireCourse, async ({ params, body }) => deps.fireCourse(params().orderId, await body()));
  return router;
}
