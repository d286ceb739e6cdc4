// Automated table turnover (spec 3 section 4): what the automation does to a table when a live
// event says so. Decided by shared/src/decisions/turnover.ts (decideAutomatedTurnover), as staff
// moves are; the automation is nobody, so its events carry no author.
import { randomUUID } from 'node:crypto';
import { decideAutomatedTurnover, type Table, type Task, type TurnoverEvent } from '@tablewise/shared';
import type { Trx } from '../context.js';
import { orgOfVenue } from '../repositories/tables.js';
import { loadTurnover } from './cleaning.js';
import { applyDecided } from './decided.js';

/**
 * A payment completed (the payments command calls this inside the payment's transaction): with
 * the session complete, the table goes to CLEANING with a CLEAN task, high for a rush order, else
 * normal. It never refuses the payment: a table the plan cannot move (already cleaning, another
 * venue's) is left as it is, and the answer says why.
 */
export async function onPaymentCompleted(
  trx: Trx,
  venueId: string,
  payment: { tableId: string; sessionComplete: boolean; rushOrder: boolean },
  now: Date = new Date(),
): Promise<{ applied: true; table: Table; task: Task | null } | { applied: false; reason: string }> {
  const state = await loadTurnover(trx, venueId, payment.tableId, false);
  const event: TurnoverEvent = {
    type: 'payment.completed',
    sessionComplete: payment.sessionComplete,
    rushOrder: payment.rushOrder,
  };
  const decided = decideAutomatedTurnover(
    state,
    event,
    { metadata: { reason: 'payment', rushOrder: payment.rushOrder }, id: randomUUID() },
    now,
  );
  const orgId = await orgOfVenue(trx, venueId);
  if (!orgId) return { applied: false, reason: 'Venue not found' };
  return applyDecided(trx, { orgId, venueId, userId: null, terminalId: null }, decided, now);
}
