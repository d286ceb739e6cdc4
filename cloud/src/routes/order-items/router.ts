import {
  batchUpdateItems,
  cancelOrderItem,
  changeItemStatus as changeItemStatusCall,
  getOrderItem,
  getTicketTimes,
  KITCHEN_TICKET_WINDOW_MS,
  listKitchenItems,
  listOrderItems,
  type OrderItem,
  type OrderItemState,
  ticketTimesByStation,
} from '@tablewise/shared';
import { cancelItem } from '../../commands/order-changes.js';
import { changeItemStatus, changeItemStatuses, getItem, kitchenItems } from '../../commands/order-items.js';
import { batchChangeItemStatus } from '../../commands/order-items-batch.js';
import { venueOrderItems } from '../../commands/visits.js';
import type { AppDeps } from '../../context.js';
import { AppError } from '../../errors.js';
import { requireStaff, requireVenueActor } from '../../policies/principals.js';
import { listTicketTimes } from '../../repositories/ticket-times.js';
import { type AppRouter, mutate, newRouter, ok, serve } from '../http.js';
import { pushable, servePushable } from '../pushable.js';

/** A staff move of an item; what a terminal's outbox carries. */
export const itemStatusChange = pushable(
  changeItemStatusCall,
  async (deps, actor, { params, body }, trx) => {
    const { id } = params();
    const { status, from } = await body();
    return ok(await changeItemStatus(trx, actor, id, status, deps.now(), from));
  },
  async (deps, actor, inputs, trx) => {
    // Input the call's schemas refuse is refused in its place, as the effect alone would.
    type Move = { id: string; to: OrderItemState; from: OrderItemState | undefined };
    const parsed: (Move | AppError)[] = [];
    for (const { params, body } of inputs) {
      try {
        const { status, from } = await body();
        parsed.push({ id: params().id, to: status, from });
      } catch (error) {
        if (!(error instanceof AppError)) throw error;
        parsed.push(error);
      }
    }
    const moves = parsed.filter((p): p is Move => !(p instanceof AppError));
    const moved = (await changeItemStatuses(trx, actor, moves, deps.now())).values();
    return parsed.map((p) => {
      if (p instanceof AppError) return p;
      const outcome = moved.next().value as OrderItem | AppError;
      return outcome instanceof AppError ? outcome : ok(outcome);
    });
  },
);

/** Staff take a held item off its order, on the cloud or through a terminal's outbox. */
export const itemCancelled = pushable(cancelOrderItem, async (deps, actor, { params }, trx) =>
  ok(await cancelItem(trx, actor, params().id, deps.now())),
);

export function orderItemsRouter(deps: AppDeps): AppRouter {
  const router = newRouter();

  serve(router, listKitchenItems, async ({ ctx }) => kitchenItems(deps.db, requireVenueActor(ctx)));
  serve(router, listOrderItems, async ({ ctx, query }) => venueOrderItems(deps.db, requireStaff(ctx), query()));

  serve(router, getOrderItem, async ({ ctx, params }) => {
    const actor = requireVenueActor(ctx);
    return getItem(deps.db, actor, params().id);
  });

  servePushable(router, deps, itemStatusChange);
  servePushable(router, deps, itemCancelled);

  serve(router, getTicketTimes, async ({ ctx }) => {
    const since = new Date(deps.now().getTime() - KITCHEN_TICKET_WINDOW_MS);
    const rows = await listTicketTimes(deps.db, requireVenueActor(ctx).venueId, since);
    return ticketTimesByStation(rows.map((r) => ({ station: r.station, firedAt: r.fired_at, readyAt: r.ready_at })));
  });

  // Batch buttons, all or none; a terminal sends each of its moves through its outbox instead.
  serve(router, batchUpdateItems, async ({ ctx, body }) => {
    const actor = requireVenueActor(ctx);
    const input = await body();
    await mutate(ctx, deps, actor, async (trx) => ok(await batchChangeItemStatus(trx, actor, input, deps.now())));
    return undefined;
  });

  return router;
}
