import { z } from 'zod';
import { SERVICE_MESSAGES } from '../../messages.js';
import { Id } from '../../schemas/common.js';
import { OrderItem, OrderItemState } from '../../schemas/entities.js';
import { defineCall } from '../define.js';

/** Most moves one batch takes: a full kitchen's worth of cards. */
const BATCH_UPDATE_MAX = 500;

export const BatchUpdateRequest = z.object({
  updates: z
    .array(z.object({ id: Id, status: OrderItemState, from: OrderItemState.optional() }))
    .min(1, { error: SERVICE_MESSAGES.batchUpdateEmpty })
    .max(BATCH_UPDATE_MAX),
});
export type BatchUpdateRequest = z.infer<typeof BatchUpdateRequest>;

/** One move a batch could not make, and why (the words the single move would answer). */
export const BatchRefusal = z.object({ id: Id, status: OrderItemState, message: z.string() });
export type BatchRefusal = z.infer<typeof BatchRefusal>;

/**
 * Start All Pending and Mark All Ready (spec 2 sections 2.6 and 7): every move, in order, each
 * judged as `POST /api/order-items/:id/status` judges it alone. All or nothing: when any move is
 * refused, none is made and the 409 lists each refused move in `refusals`. On a terminal it applies
 * to the replica at once and each move reaches the cloud through the outbox.
 */
export const batchUpdateItems = defineCall({
  method: 'POST',
  path: '/api/order-items/batch-update',
  summary: 'Move several order items at once, all or none',
  audience: ['staff', 'terminal'],
  tiers: ['cloud', 'terminal'],
  body: BatchUpdateRequest,
  answer: z.array(OrderItem),
});
