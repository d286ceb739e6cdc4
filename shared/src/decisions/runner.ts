// The pass and the runners, decided once (spec 2 sections 2.6, 2.7 and 4): expo sends an order
// whose items are ready to the runners; a runner picks it up, delivers it or sends it back. The
// order's items move with it (the kitchen and the guest see each move), and a runner's
// availability follows what they carry. The cloud and the terminal load the state below from
// their stores and apply what these answer.

import type { SendToExpoRequest } from '../calls/orders/send-to-expo.js';
import type { RunnerStatusRequest } from '../calls/runner/change-runner-order-status.js';
import { UNZONED_RUNNER_ZONE } from '../constants.js';
import { badRequest, conflict, notFound } from '../errors.js';
import { MESSAGES, SERVICE_MESSAGES } from '../messages.js';
import { staffItemTransition } from '../rules/order-items.js';
import { deliveryMinutes, runnerInstructions, runnerOrderStatus, zoneAverageDeliveryMinutes } from '../rules/runner.js';
import type { OrderItem, OrderItemState } from '../schemas/entities.js';
import type { Runner, RunnerOrder } from '../schemas/runner.js';
import { Changes, type Decided } from './decision.js';

/** An item as the runners see it: the order item with its dish's handling facts (the cloud's menu
 * has them; a terminal's replica may not, and gives null and false). */
export type RunnerItemFacts = OrderItem & {
  temperature: RunnerOrder['items'][number]['temperature'];
  fragile: boolean;
};

/** An order with items bound for the pass. */
interface OrderForThePass {
  id: string;
  tableName: string | null;
  /** The order's table's zone, else null. */
  zone: string | null;
  priority: RunnerOrder['priority'];
  /** The order's own instructions for the runner, if it has any. */
  specialInstructions: string | null;
  /** Every item of the order, with whether it is on the pass already (on a ticket). */
  items: readonly (RunnerItemFacts & { onPass: boolean })[];
}

/** A delivery of the recent past (a zone's average delivery time is made of them). */
interface RecentDelivery {
  zone: string;
  readyAt: string;
  deliveredAt: string;
}

export interface SendToRunnersState {
  order: OrderForThePass | null;
  /** Whether the order has a ticket on the pass already (its first ticket takes the order's id). */
  hasTicket: boolean;
  /** Whether the id the request names is taken by another ticket. */
  ticketIdTaken: boolean;
  /** An id for a later ticket when the request names none (the caller makes it). */
  freshId: string;
  /** The venue's deliveries within RUNNER_DELIVERED_WINDOW_MS (any zone; the decision picks). */
  recentDeliveries: readonly RecentDelivery[];
}

/** The items of a runner order as the runners see them. */
function runnerItems(items: readonly RunnerItemFacts[]): RunnerOrder['items'] {
  return items.map((i) => ({
    id: i.id,
    menuItemName: i.menuItemName,
    quantity: i.quantity,
    temperature: i.temperature,
    fragile: i.fragile,
    course: i.course,
    station: i.station,
    status: i.status,
  }));
}

/**
 * Send to Runner (POST /api/orders/:orderId/send-to-expo): the order's ready items that are not on
 * the pass yet (or those the request names, each ready and not on it) go out as one ticket, while
 * its other courses are still held or cooking (issue 22).
 */
export function decideSendToRunners(
  state: SendToRunnersState,
  input: SendToExpoRequest,
  now: Date,
): Decided<RunnerOrder> {
  const { order } = state;
  if (!order) throw notFound('Order');
  const sendable = (i: { status: OrderItemState; onPass: boolean }) => i.status === 'READY_FOR_RUN' && !i.onPass;
  let items: (RunnerItemFacts & { onPass: boolean })[];
  if (input.itemIds) {
    const named = new Set(input.itemIds);
    items = order.items.filter((i) => named.has(i.id));
    if (items.length !== named.size) throw notFound('Order item');
    const stuck = items.find((i) => !sendable(i));
    if (stuck) throw conflict(SERVICE_MESSAGES.expoItemNotSendable(stuck.menuItemName), 'transition_refused');
  } else {
    items = order.items.filter(sendable);
    if (items.length === 0) {
      const allOut = order.items.length > 0 && order.items.every((i) => i.onPass);
      throw conflict(allOut ? SERVICE_MESSAGES.expoAlreadySent : SERVICE_MESSAGES.expoNotReady, 'transition_refused');
    }
  }
  if (input.id && state.ticketIdTaken) throw conflict(SERVICE_MESSAGES.passTicketExists);
  const zone = order.zone ?? UNZONED_RUNNER_ZONE;
  const times = state.recentDeliveries
    .filter((d) => d.zone === zone)
    .map((d) => deliveryMinutes(d))
    .filter((m): m is number => m !== null);
  const at = now.toISOString();
  const sent: RunnerOrder = {
    id: input.id ?? (state.hasTicket ? state.freshId : order.id),
    orderId: order.id,
    tableName: order.tableName,
    zone,
    status: runnerOrderStatus(items.map((i) => i.status)),
    readyAt: at,
    pickedUpAt: null,
    deliveredAt: null,
    estimatedDeliveryTime: Math.round(zoneAverageDeliveryMinutes(times)),
    items: runnerItems(items),
    specialInstructions: runnerInstructions(order.specialInstructions, items),
    runnerAssigned: null,
    priority: order.priority,
    deliveryRunId: null,
  };
  return new Changes()
    .write({ kind: 'runnerOrder.put', order: sent })
    .announce({ type: 'order.ready_for_run', orderId: order.id, zone })
    .announce({ type: 'runner.order.updated', order: sent })
    .answer(sent);
}

export interface RunnerMoveState {
  /** The order as it is on the pass (null when it is not there), with its items as they are now. */
  order: (RunnerOrder & { itemsNow: readonly RunnerItemFacts[] }) | null;
  /** The runner the request names, if it names one. */
  runner: Runner | null;
  /** The runner who carries the order now, if anyone. */
  carrier: Runner | null;
  /** How many other orders the carrier has out now. */
  carrierOtherOrdersOut: number;
}

/** Pick Up (needs an available runner), Delivered, Return Requested
 * (POST /api/runner/orders/:id/status). */
export function decideRunnerMove(state: RunnerMoveState, input: RunnerStatusRequest, now: Date): Decided<RunnerOrder> {
  const { order } = state;
  if (!order) throw notFound('Order');
  const from = runnerOrderStatus(order.itemsNow.map((i) => i.status));
  const to = input.status;
  const verdict = staffItemTransition(from, to);
  if (!verdict.ok) throw conflict(SERVICE_MESSAGES.runnerOrderTransitionRefused(from, to), 'transition_refused');
  const changes = new Changes();
  let runner: Runner | null = null;
  if (verdict.needsRunner) {
    if (!input.runnerId) throw badRequest(MESSAGES.pickUpNeedsRunner);
    runner = state.runner;
    if (!runner || runner.id !== input.runnerId) throw notFound('Runner');
    if (runner.status === 'offline') throw conflict(SERVICE_MESSAGES.runnerUnavailable(runner.name));
  }
  const at = now.toISOString();
  const itemsAfter = order.itemsNow.map((item) => {
    if (item.status !== from) return item;
    const moved = { ...item, status: to, updatedAt: at };
    const { temperature: _t, fragile: _f, ...orderItem } = moved;
    changes.write({ kind: 'item.status', itemId: item.id, from, to });
    changes.announce({ type: 'order.item.status.changed', item: orderItem, from, to });
    return moved;
  });
  const after: RunnerOrder = {
    ...stripItemsNow(order),
    items: runnerItems(itemsAfter),
    status: runnerOrderStatus(itemsAfter.map((i) => i.status)),
    ...(runner ? { runnerAssigned: runner.id, pickedUpAt: at } : {}),
    ...(to === 'DELIVERED' ? { deliveredAt: at } : {}),
  };
  changes.write({ kind: 'runnerOrder.put', order: after });
  if (to === 'DELIVERED') {
    changes.announce({ type: 'order.delivered', orderId: order.orderId, runnerId: order.runnerAssigned });
  }
  if (runner) {
    changeRunner(changes, runner, { ...runner, status: 'busy', currentZone: order.zone });
  } else if (state.carrier && state.carrier.status === 'busy' && state.carrierOtherOrdersOut === 0) {
    // Free again once they carry nothing else.
    changeRunner(changes, state.carrier, { ...state.carrier, status: 'available' });
  }
  changes.announce({ type: 'runner.order.updated', order: after });
  return changes.answer(after);
}

function stripItemsNow(order: RunnerOrder & { itemsNow: unknown }): RunnerOrder {
  const { itemsNow: _, ...rest } = order;
  return rest;
}

function changeRunner(changes: Changes, before: Runner, after: Runner): void {
  changes.write({ kind: 'runner.put', runner: after });
  if (before.status !== after.status || before.currentZone !== after.currentZone) {
    changes.announce({ type: 'runner.status.changed', runner: after });
  }
}
