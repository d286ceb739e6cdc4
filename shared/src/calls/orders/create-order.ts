import { z } from 'zod';
import { MESSAGES } from '../../messages.js';
import { boundedText, Id } from '../../schemas/common.js';
import { Course, Order } from '../../schemas/entities.js';
import { defineCall } from '../define.js';

/** What one order may hold: a table's order, with room to spare, and never a runaway ticket. */
const ORDER_BOUNDS = {
  quantity: { min: 1, max: 99 },
  lines: 100,
  modifiersPerLine: 20,
  optionsPerModifier: 20,
  /** Modifier group and option ids are short names from the menu ("temp", "rare"). */
  idLength: 100,
  specialInstructions: 500,
} as const;

const MenuName = boundedText(ORDER_BOUNDS.idLength);

const CartModifier = z.object({
  groupId: MenuName,
  optionIds: z
    .array(MenuName)
    .max(ORDER_BOUNDS.optionsPerModifier, { error: MESSAGES.tooManyOptions(ORDER_BOUNDS.optionsPerModifier) }),
});
export const CartLine = z.object({
  menuItemId: Id,
  quantity: z
    .number()
    .int()
    .min(ORDER_BOUNDS.quantity.min, { error: MESSAGES.quantityMin(ORDER_BOUNDS.quantity.min) })
    .max(ORDER_BOUNDS.quantity.max, { error: MESSAGES.quantityMax(ORDER_BOUNDS.quantity.max) }),
  modifiers: z
    .array(CartModifier)
    .max(ORDER_BOUNDS.modifiersPerLine, { error: MESSAGES.tooManyModifiers(ORDER_BOUNDS.modifiersPerLine) })
    .default([]),
  specialInstructions: boundedText(ORDER_BOUNDS.specialInstructions, { multiline: true }).optional(),
  course: Course.default('main'),
});
export type CartLine = z.input<typeof CartLine>;

export const CreateOrderRequest = z.object({
  /** Client-made id of the new order, so a repeat cannot create a second one. */
  id: Id.optional(),
  sessionId: Id,
  items: z
    .array(CartLine)
    .min(1, { error: MESSAGES.emptyCart })
    .max(ORDER_BOUNDS.lines, { error: MESSAGES.tooManyLines(ORDER_BOUNDS.lines) }),
});
export type CreateOrderRequest = z.input<typeof CreateOrderRequest>;

/** Prices come from the menu and fire times from the course rule; the client sends neither. A
 * guest orders for their own session; staff and terminals for any session of their venue. Staff
 * on a terminal order through it too (the replica and the outbox), so a table can order while the
 * cloud is away. */
export const createOrder = defineCall({
  method: 'POST',
  path: '/api/orders',
  summary: 'Place an order for a dining session (201; a repeat of the same id answers 200)',
  audience: ['guest', 'staff', 'terminal'],
  tiers: ['cloud', 'terminal'],
  body: CreateOrderRequest,
  answer: Order,
  status: 201,
});

/**
 * The id of an order's line `index`, made from the order's id, so the terminal that placed the
 * order offline and the cloud that applies it later name its items alike (their tickets, their
 * moves). An order id is random (122 bits); changing its last 8 hex digits by the line's place
 * keeps every item id unique.
 */
export function orderItemId(orderId: string, index: number): string {
  const low = ((Number.parseInt(orderId.slice(28), 16) ^ (index + 1)) >>> 0).toString(16).padStart(8, '0');
  return `${orderId.slice(0, 28)}${low}`.toLowerCase();
}
