import { z } from 'zod';
import { MESSAGES } from '../../messages.js';
import { Id } from '../../schemas/common.js';
import { Course, Order } from '../../schemas/entities.js';
import { defineCall } from '../define.js';

const CartModifier = z.object({ groupId: z.string(), optionIds: z.array(z.string()) });
export const CartLine = z.object({
  menuItemId: Id,
  quantity: z.number().int().min(1, { error: 'Quantity must be at least 1' }),
  modifiers: z.array(CartModifier).default([]),
  specialInstructions: z.string().trim().max(500).optional(),
  course: Course.default('main'),
});
export type CartLine = z.input<typeof CartLine>;

export const CreateOrderRequest = z.object({
  /** Client-made id of the new order, so a repeat cannot create a second one. */
  id: Id.optional(),
  sessionId: Id,
  items: z.array(CartLine).min(1, { error: MESSAGES.emptyCart }),
});
export type CreateOrderRequest = z.input<typeof CreateOrderRequest>;

/** Prices come from the menu and fire times from the course rule; the client sends neither. A
 * guest orders for their own session; staff and terminals for any session of their venue. */
export const createOrder = defineCall({
  method: 'POST',
  path: '/api/orders',
  summary: 'Place an order for a dining session (201; a repeat of the same id answers 200)',
  audience: ['guest', 'staff', 'terminal'],
  tiers: ['cloud'],
  body: CreateOrderRequest,
  answer: Order,
  status: 201,
});
