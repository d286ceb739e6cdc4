import { z } from 'zod';
import { MESSAGES } from '../../messages.js';
import { Id, IsoDateTime } from '../../schemas/common.js';
import { OrderItem, OrderItemState } from '../../schemas/entities.js';
import { defineCall } from '../define.js';

/** The most items one answer holds (and the default). */
const ORDER_ITEMS_LISTED = 500;

const WholeNumber = z
  .string()
  .regex(/^\d{1,6}$/, { error: 'must be a whole number' })
  .transform(Number);

/** The filters a client may send; every one is optional and they combine (AND). */
const OrderItemsQuery = z.object({
  /** Only items in this state (IN_PREP, READY_FOR_RUN, ...). */
  status: OrderItemState.optional(),
  /** Only the items of one order. */
  orderId: Id.optional(),
  /** Only the items of one kitchen station ("Grill"). */
  station: z
    .string()
    .max(100, { error: MESSAGES.textTooLong(100) })
    .optional(),
  /** Only items ordered at or after this time. */
  since: IsoDateTime.optional(),
  /** How many, 1 to 500 (default 500), newest first. */
  limit: WholeNumber.optional().transform((v) => Math.min(Math.max(v ?? ORDER_ITEMS_LISTED, 1), ORDER_ITEMS_LISTED)),
});
export type OrderItemsFilter = z.output<typeof OrderItemsQuery>;

/** An order item as spec 1 section 3 names it (orgId, venueId, orderId, menuItemId, quantity,
 * unitPrice, totalPrice, notes), with ours beside it and where it is served. */
export const VenueOrderItem = OrderItem.extend({
  orgId: Id,
  sessionId: Id,
  tableId: Id.nullable(),
  tableName: z.string().nullable(),
});
export type VenueOrderItem = z.infer<typeof VenueOrderItem>;

/**
 * The venue's order items, newest first, filtered by state, order, station and time (spec 1
 * section 7 declares `GET /api/order-items`; no screen of the spec calls it). Cancelled items have
 * left their orders and are not listed. The kitchen's own list is `GET /api/order-items/kitchen`.
 */
export const listOrderItems = defineCall({
  method: 'GET',
  path: '/api/order-items',
  summary: "The venue's order items, newest first, by state, order, station and time",
  audience: ['staff'],
  tiers: ['cloud'],
  query: OrderItemsQuery,
  answer: z.array(VenueOrderItem),
  staleOn: ['order.created', 'order.item.status.changed', 'order.item.cancelled'],
});

/** The one rule for the answer: newest first (by time ordered, then the order's own sequence,
 * then id), at most `limit`, whatever order the store gave them in. */
export function orderItemsAnswer(items: readonly VenueOrderItem[], limit: number): VenueOrderItem[] {
  return [...items]
    .sort(
      (a, b) =>
        Date.parse(b.createdAt) - Date.parse(a.createdAt) ||
        (a.orderId === b.orderId ? 0 : a.orderId < b.orderId ? 1 : -1) ||
        (a.id < b.id ? 1 : a.id > b.id ? -1 : 0),
    )
    .slice(0, limit);
}
