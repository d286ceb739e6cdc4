// Start All Pending and Mark All Ready (spec 2 section 2.6): many staff moves, all or none.
import {
  AppError,
  type BatchRefusal,
  type BatchUpdateRequest,
  type OrderItem,
  SERVICE_MESSAGES,
} from '@tablewise/shared';
import type { Trx, VenueActor } from '../context.js';
import { changeItemStatuses } from './order-items.js';

/**
 * Every move judged as the single move judges it (changeItemStatuses). When any is refused the
 * whole batch is refused with a 409 listing each refusal, and the caller's transaction rolls back
 * the moves that were allowed, events included.
 */
export async function batchChangeItemStatus(
  trx: Trx,
  actor: VenueActor,
  input: BatchUpdateRequest,
  now: Date,
): Promise<OrderItem[]> {
  const moves = input.updates.map((u) => ({ id: u.id, to: u.status }));
  const outcomes = await changeItemStatuses(trx, actor, moves, now);
  const refusals: BatchRefusal[] = [];
  const moved: OrderItem[] = [];
  outcomes.forEach((outcome, i) => {
    const update = input.updates[i];
    if (!update) return;
    if (outcome instanceof AppError) refusals.push({ id: update.id, status: update.status, message: outcome.message });
    else moved.push(outcome);
  });
  if (refusals.length > 0) {
    throw new AppError(
      409,
      'transition_refused',
      SERVICE_MESSAGES.batchUpdateRefused(refusals.length, input.updates.length),
      {
        refusals,
      },
    );
  }
  return moved;
}
