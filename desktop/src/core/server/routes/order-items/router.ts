import Router from '@koa/router';
import {
  batchUpdateItems,
  cancelOrderItem,
  changeItemStatus,
  getTicketTimes,
  KITCHEN_VISIBLE_STATES,
  kitchenItemsAnswer,
  listKitchenItems,
  SERVICE_MESSAGES,
} from '@tablewise/shared';
import { listKitchenFacts } from '../../../sqlite/repositories/orders.js';
import { askCloud } from '../../../sync/ask-cloud.js';
import type { LocalServerDeps, StaffState } from '../../deps.js';
import { type LocalRouter, serve } from '../../serve.js';

export function orderItemsRouter(deps: LocalServerDeps): LocalRouter {
  const router = new Router<StaffState>();

  serve(router, deps, listKitchenItems, () => kitchenItemsAnswer(listKitchenFacts(deps.read, KITCHEN_VISIBLE_STATES)));

  // The ticket times come from the venue's events, which the cloud keeps: asked of it.
  serve(router, deps, getTicketTimes, () =>
    askCloud(deps.api, getTicketTimes, { needsCloud: SERVICE_MESSAGES.ticketTimesNeedCloud }),
  );

  // Applied to the replica at once and queued for the cloud; refused as the cloud would refuse it.
  serve(router, deps, changeItemStatus, async ({ params, body }) => {
    const { id } = params();
    const { status, from } = await body();
    return deps.changeItemStatus(id, status, from);
  });

  // Refused as the cloud would refuse it (already fired); else applied and queued.
  serve(router, deps, cancelOrderItem, ({ params }) => deps.cancelOrderItem(params().id));
  // All or none on the replica; each move reaches the cloud through the outbox as its own change.
  serve(router, deps, batchUpdateItems, async ({ body }) => deps.batchUpdateItems((await body()).updates));

  return router;
}
