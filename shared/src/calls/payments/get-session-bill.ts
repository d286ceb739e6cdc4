import { z } from 'zod';
import { Id } from '../../schemas/common.js';
import { Bill } from '../../schemas/payment.js';
import { defineCall } from '../define.js';

/** A dining session's bill (spec 3 sections 2 and 7): its guests, or staff closing it out. */
export const getSessionBill = defineCall({
  method: 'GET',
  path: '/api/orders/payment/:sessionId',
  summary: "A dining session's bill: every order's lines, subtotal, tax, service charge, total, paid and left",
  audience: ['guest', 'staff', 'terminal'],
  tiers: ['cloud'],
  params: z.object({ sessionId: Id }),
  entity: 'Order',
  answer: Bill,
  staleOn: ['order.created', 'payment.status.changed', 'payment.completed'],
});
