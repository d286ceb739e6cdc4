// The runner interface's entities (spec 2 section 3): a runner, an order on the pass as the runner
// reads it, and a zone run.
import { z } from 'zod';
import { DELIVERY_RUN_STATUSES, ITEM_TEMPERATURES, ORDER_PRIORITIES, RUNNER_STATUSES } from '../constants.js';
import { Id, IsoDateTime } from './common.js';
import { Course, OrderItemState } from './entities.js';

export const Runner = z.object({
  id: Id,
  /** The staff member who is this runner (their role's duty is RUNNER); null for a runner who
   * does not sign in. The runner interface chooses the signed-in runner by it. */
  userId: Id.nullable(),
  name: z.string(),
  status: z.enum(RUNNER_STATUSES),
  currentZone: z.string().nullable(),
});
export type Runner = z.infer<typeof Runner>;

const RunnerOrderItem = z.object({
  id: Id,
  menuItemName: z.string(),
  quantity: z.number().int().min(1),
  temperature: z.enum(ITEM_TEMPERATURES).nullable(),
  fragile: z.boolean(),
  course: Course,
  station: z.string().nullable(),
  status: OrderItemState,
});

/** The runner's states of an order: ready on the pass, out, delivered, or sent back. */
const RUNNER_ORDER_STATES = ['READY_FOR_RUN', 'OUT_FOR_DELIVERY', 'DELIVERED', 'RETURN_REQUESTED'] as const;
export const RunnerOrderState = z.enum(RUNNER_ORDER_STATES);
export type RunnerOrderState = z.infer<typeof RunnerOrderState>;

/** A ticket on the pass: the items of an order that expo sent to the runners together. An order's
 * first ticket has the order's id; a course sent later is a ticket of its own. */
export const RunnerOrder = z.object({
  id: Id,
  /** The order the ticket's items belong to. */
  orderId: Id,
  tableName: z.string().nullable(),
  zone: z.string(),
  status: RunnerOrderState,
  readyAt: IsoDateTime,
  pickedUpAt: IsoDateTime.nullable(),
  deliveredAt: IsoDateTime.nullable(),
  /** Minutes: the zone's average delivery time when the order was sent to the runners. */
  estimatedDeliveryTime: z.number().int().nullable(),
  items: z.array(RunnerOrderItem),
  specialInstructions: z.string().nullable(),
  /** The runner's id, or null while nobody has it. */
  runnerAssigned: Id.nullable(),
  priority: z.enum(ORDER_PRIORITIES),
  deliveryRunId: Id.nullable(),
});
export type RunnerOrder = z.infer<typeof RunnerOrder>;

export const DeliveryRun = z.object({
  id: Id,
  runnerId: Id,
  zone: z.string(),
  status: z.enum(DELIVERY_RUN_STATUSES),
  orderIds: z.array(Id),
  startedAt: IsoDateTime,
  completedAt: IsoDateTime.nullable(),
});
export type DeliveryRun = z.infer<typeof DeliveryRun>;
