// Automated table turnover (spec 3 section 4, issue 22): what the automation does to a table when a
// live event says so. Decided by shared/src/decisions/turnover.ts (decideAutomatedTurnover), as staff
// moves are; the automation is nobody, so its events carry no author. Paying makes a table Paid;
// the table turns over when its party has left and nothing it ordered is still to serve.
import { randomUUID } from 'node:crypto';
import {
  decideAutomatedTurnover,
  type Order,
  partyFacts,
  settledByWrites,
  settledCleanTaskId,
  type Table,
  type Task,
  type TurnoverEvent,
  type Write,
} from '@tablewise/shared';
import type { Trx } from '../context.js';
import { findItemInVenue, findOrderById } from '../repositories/orders.js';
import { findTableInVenue, orgOfVenue } from '../repositories/tables.js';
import { loadTurnover } from './cleaning.js';
import { applyDecided } from './decided.js';
import { ordersOfSession } from './orders.js';

type Outcome = { applied: true; table: Table; task: Task | null } | { applied: false; reason: string };

async function automated(
  trx: Trx,
  venueId: string,
  tableId: string,
  event: TurnoverEvent,
  clean: { metadata: Task['metadata']; id: string },
  now: Date,
): Promise<Outcome> {
  const state = await loadTurnover(trx, venueId, tableId, false);
  const decided = decideAutomatedTurnover(state, event, clean, now);
  const orgId = await orgOfVenue(trx, venueId);
  if (!orgId) return { applied: false, reason: 'Venue not found' };
  return applyDecided(trx, { orgId, venueId, userId: null, terminalId: null }, decided, now);
}

/**
 * A payment completed (the payments command calls this inside the payment's transaction): with
 * the session complete, the table is Paid. Its party is still seated and its food still comes, so
 * nobody is sent to clean it (issue 22). It never refuses the payment: a table the plan cannot move
 * (already paid, being cleaned) is left as it is, and the answer says why.
 */
export async function onPaymentCompleted(
  trx: Trx,
  venueId: string,
  payment: { tableId: string; sessionComplete: boolean; rushOrder: boolean },
  now: Date = new Date(),
): Promise<Outcome> {
  const event: TurnoverEvent = {
    type: 'payment.completed',
    sessionComplete: payment.sessionComplete,
    rushOrder: payment.rushOrder,
  };
  return automated(
    trx,
    venueId,
    payment.tableId,
    event,
    { metadata: { reason: 'payment', rushOrder: payment.rushOrder }, id: randomUUID() },
    now,
  );
}

/**
 * The party left by the exit scan (the guest's checkout, in its transaction): the table turns over
 * when nothing the party ordered is still to serve, else it waits (EXIT_PENDING) for that.
 */
export async function onPartyDeparted(
  trx: Trx,
  venueId: string,
  departed: { tableId: string; sessionId: string; cleanTaskId?: string },
  now: Date,
): Promise<Outcome> {
  const party = partyFacts(await ordersOfSession(trx, departed.sessionId));
  return automated(
    trx,
    venueId,
    departed.tableId,
    { type: 'party.departed', ...party },
    { metadata: { reason: 'departed', rushOrder: party.rushOrder }, id: departed.cleanTaskId ?? randomUUID() },
    now,
  );
}

/**
 * After a decision served or cancelled items (applyDecided calls this in the same transaction): a
 * table whose party left waiting for them (EXIT_PENDING) turns over once nothing of that party is
 * left to serve. Any other table is not read again beyond its state.
 */
export async function onItemsSettled(trx: Trx, venueId: string, writes: readonly Write[], now: Date): Promise<void> {
  const { itemIds, cancelled } = settledByWrites(writes);
  if (itemIds.length === 0 && cancelled.length === 0) return;
  const parties = new Map<string, { tableId: string; sessionId: string; itemId: string }>();
  const note = (order: Pick<Order, 'tableId' | 'sessionId'> | null, itemId: string) => {
    if (order?.tableId && !parties.has(order.tableId)) {
      parties.set(order.tableId, { tableId: order.tableId, sessionId: order.sessionId, itemId });
    }
  };
  for (const { itemId, order } of cancelled) note(order, itemId);
  for (const itemId of itemIds) {
    const item = await findItemInVenue(trx, venueId, itemId);
    const row = item ? await findOrderById(trx, item.order_id) : undefined;
    note(row ? { tableId: row.table_id, sessionId: row.session_id } : null, itemId);
  }
  for (const party of parties.values()) {
    const table = await findTableInVenue(trx, venueId, party.tableId);
    if (table?.state !== 'EXIT_PENDING') continue;
    const facts = partyFacts(await ordersOfSession(trx, party.sessionId));
    await automated(
      trx,
      venueId,
      party.tableId,
      { type: 'items.settled', ...facts },
      { metadata: { reason: 'departed', rushOrder: facts.rushOrder }, id: settledCleanTaskId(party.itemId) },
      now,
    );
  }
}
