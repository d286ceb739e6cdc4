// Start All Pending and Mark All Ready (spec 2 section 2.6): many staff moves, all or none, as
// decideBatchUpdate decides them.
import { type BatchUpdateRequest, decideBatchUpdate, type OrderItem } from '@tablewise/shared';
import type { Trx, VenueActor } from '../context.js';
import { authorOf } from './decided.js';
import { applyItemMoves, lockedItems } from './order-items.js';

/**
 * Every move judged as the single move judges it, on the items locked together. When any is
 * refused, the 409 lists each refusal and nothing is written.
 */
export async function batchChangeItemStatus(
  trx: Trx,
  actor: VenueActor,
  input: BatchUpdateRequest,
  now: Date,
): Promise<OrderItem[]> {
  const moves = input.updates.map((u) => ({ id: u.id, to: u.status }));
  const decided = decideBatchUpdate(await lockedItems(trx, actor, moves), input, now);
  return applyItemMoves(trx, authorOf(actor), decided, now);
}
