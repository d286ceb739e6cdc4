// The cloud's half of a write decided once (shared/src/decisions): a command loads the state the
// decision needs (locking what it must), calls it, and hands what it decided to applyDecided,
// which writes each change through the repositories and appends each event, in the caller's
// transaction. Nothing here judges anything: a refusal was thrown by the decision before.
import type { Decided, DecisionActor, Write } from '@tablewise/shared';
import { type Actor, actorRef, type Trx, type VenueActor } from '../context.js';
import { appendEvent } from '../realtime/append-event.js';
import { updateMenuItemRow } from '../repositories/menu.js';
import { deleteOrderItem, setOrderPriority, setOrderTotals } from '../repositories/order-changes.js';
import { setItemFired, setItemStatus } from '../repositories/orders.js';
import { insertReservation, saveReservationState } from '../repositories/reservations.js';
import { completeFinishedRuns, saveRunnerOrder, setRunner } from '../repositories/runners.js';
import { setSeatRequestStatus } from '../repositories/seat-requests.js';
import { insertSession, seatSession } from '../repositories/sessions.js';
import { seatTable } from '../repositories/tables.js';
import { insertTask, saveTask } from '../repositories/tasks.js';
import { markPartyReadyFor, setTableState } from '../repositories/turnover.js';
import { insertWaitlistEntry, saveWaitlistStatus } from '../repositories/waitlist.js';
import { onItemsSettled } from './turnover-automation.js';

/** Whose venue the changes are in, and who made them (null ids: the automation). */
export interface Author {
  orgId: string;
  venueId: string;
  userId: string | null;
  terminalId: string | null;
}

export function authorOf(actor: Actor): Author {
  const { userId, terminalId } = actorRef(actor);
  return { orgId: actor.orgId, venueId: actor.venueId, userId, terminalId };
}

/** The decision's view of who acts. */
export function decisionActor(actor: VenueActor): DecisionActor {
  const { userId, terminalId } = actorRef(actor);
  return { kind: actor.kind, userId, terminalId };
}

async function applyWrite(trx: Trx, author: Author, write: Write, now: Date): Promise<void> {
  switch (write.kind) {
    case 'item.status':
      await setItemStatus(trx, write.itemId, write.to, now);
      return;
    case 'item.fire':
      await setItemFired(trx, write.item.id, write.item.status, new Date(write.item.fireAt));
      return;
    case 'item.cancel': {
      const { subtotal, tax, total } = write.order;
      await deleteOrderItem(trx, write.item.id);
      await setOrderTotals(trx, write.order.id, { subtotal, tax, total }, now);
      return;
    }
    case 'order.priority':
      await setOrderPriority(trx, write.order.id, write.order.priority, now);
      return;
    case 'menuItem.availability':
      await updateMenuItemRow(trx, write.item.id, { is_available: write.item.isAvailable }, now);
      return;
    case 'runnerOrder.put':
      await saveRunnerOrder(trx, author, write.order, now);
      // A zone run ends once every order it took is delivered or sent back.
      if (write.order.status === 'DELIVERED' || write.order.status === 'RETURN_REQUESTED') {
        await completeFinishedRuns(trx, write.order.id, now);
      }
      return;
    case 'runner.put':
      await setRunner(
        trx,
        write.runner.id,
        { status: write.runner.status, current_zone: write.runner.currentZone },
        now,
      );
      return;
    case 'table.state':
      await setTableState(trx, write.table.id, { state: write.table.state, at: now, clearParty: write.clearParty });
      return;
    case 'task.insert':
      await insertTask(trx, {
        id: write.task.id,
        org_id: author.orgId,
        venue_id: author.venueId,
        type: write.task.type,
        target_table_id: write.task.targetTableId,
        priority: write.task.priority,
        status: write.task.status,
        created_by: write.createdBy,
        description: write.task.description,
        metadata_json: write.task.metadata,
        created_at: new Date(write.task.createdAt),
      });
      return;
    case 'task.update':
      await saveTask(trx, write.task, now);
      return;
    case 'waitlist.status':
      if (write.readyTableId) await markPartyReadyFor(trx, write.entry.id, write.readyTableId);
      await saveWaitlistStatus(trx, write.entry, now);
      return;
    case 'waitlist.insert': {
      const e = write.entry;
      await insertWaitlistEntry(trx, {
        id: e.id,
        org_id: author.orgId,
        venue_id: author.venueId,
        guest_name: e.guestName,
        phone: e.phone,
        email: e.email,
        party_size: e.partySize,
        quoted_min_wait: e.quotedMinWait,
        quoted_max_wait: e.quotedMaxWait,
        position: e.position,
        status: e.status,
        needs_accessibility: e.needsAccessibility,
        needs_high_chair: e.needsHighChair,
        occasion: e.occasion,
        created_at: new Date(e.createdAt),
      });
      return;
    }
    case 'table.seat': {
      const t = write.table;
      await seatTable(trx, t.id, { state: t.state, partyName: t.partyName, guestCount: t.guestCount ?? 0, at: now });
      return;
    }
    case 'session.open': {
      const s = write.session;
      await insertSession(trx, {
        id: s.id,
        org_id: author.orgId,
        venue_id: author.venueId,
        table_id: s.tableId,
        party_size: s.partySize,
        guest_name: s.guestName,
        guest_phone: write.contact.phone,
        guest_email: write.contact.email,
        preferences_json: write.preferences,
        started_at: new Date(s.startedAt),
        ...(write.reservationId ? { reservation_id: write.reservationId } : {}),
      });
      return;
    }
    case 'session.seat':
      if (write.session.tableId) await seatSession(trx, write.session.id, { tableId: write.session.tableId });
      return;
    case 'reservation.insert': {
      const r = write.reservation;
      await insertReservation(trx, {
        id: r.id,
        org_id: author.orgId,
        venue_id: author.venueId,
        guest_contact: r.guestContact,
        slot_start: new Date(r.slotStart),
        slot_end: new Date(r.slotEnd),
        party_size: r.partySize,
        status: r.status,
        preferences_json: r.preferencesJson,
        source: r.source,
        created_at: new Date(r.createdAt),
      });
      return;
    }
    case 'reservation.update':
      await saveReservationState(trx, write.reservation, now);
      return;
    case 'order.insert':
      throw new Error('order.insert is written by the order command itself (commands/orders.ts)');
    case 'payment.take':
      throw new Error('payment.take is charged and written by the payment command itself (commands/payments.ts)');
    case 'seatRequest.update':
      await setSeatRequestStatus(trx, write.request.id, {
        status: write.request.status,
        at: now,
        by: author.userId,
      });
      return;
    default: {
      const never: never = write;
      throw new Error(`Unknown write ${JSON.stringify(never)}`);
    }
  }
}

/** Writes what a decision decided and announces its events, in `trx`; answers its answer. */
export async function applyDecided<A>(trx: Trx, author: Author, decided: Decided<A>, now: Date): Promise<A> {
  for (const write of decided.writes) await applyWrite(trx, author, write, now);
  return announceDecided(trx, author, decided, now);
}

/** Announces a decision's events, in `trx` (its writes made by the caller); answers its answer. An
 * event the automation made on the way has no author. */
export async function announceDecided<A>(trx: Trx, author: Author, decided: Decided<A>, now: Date): Promise<A> {
  const automatic = decided.byAutomation;
  for (const event of decided.events) {
    const by = automatic?.has(event) ? { ...author, userId: null, terminalId: null } : author;
    await appendEvent(trx, { ...by, at: now, event });
  }
  // Served or cancelled the last item of a party that left: its table turns over (issue 22).
  await onItemsSettled(trx, author.venueId, decided.writes, now);
  return decided.answer;
}
