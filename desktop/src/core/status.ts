// The terminal's status for its screens (GET /api/terminal/status): online, paired, the cursor and
// the outbox, with each refused or stuck change named as staff call what it was about.
import { MESSAGES, type TerminalStatusAnswer } from '@tablewise/shared';
import { itemChangeSubject, ORDER_FIRE_ENTITY, ORDER_ITEM_ENTITY } from './commands/item-status.js';
import {
  ITEM_CANCEL_ENTITY,
  MENU_ITEM_ENTITY,
  menuOrderChangeSubject,
  ORDER_PRIORITY_ENTITY,
} from './commands/menu-orders.js';
import { ORDER_ENTITY, orderChangeSubject } from './commands/orders.js';
import { PAYMENT_ENTITY, paymentChangeSubject } from './commands/payments.js';
import { RESERVATION_ENTITY, reservationChangeSubject } from './commands/reservations.js';
import { RUNNER_ORDER_ENTITY, runnerChangeSubject } from './commands/runner.js';
import { TASK_ENTITY, TURNOVER_ENTITY, taskChangeSubject, turnoverChangeSubject } from './commands/turnover.js';
import { WAITLIST_ENTITY, waitlistChangeSubject } from './commands/waitlist.js';
import { reportSubject } from './printing/report-subject.js';
import type { ReadDb } from './sqlite/replica.js';
import { getMeta } from './sqlite/repositories/meta.js';
import { countPending, listByStatus, nextPending } from './sqlite/repositories/outbox.js';
import { isStuck } from './sync/stuck.js';

/** What a queued change was about, as staff call it (the outbox banner names it). */
function subjectOf(read: ReadDb, e: { entityType: string; entityId: string; body: unknown }): string | null {
  if (e.entityType === ORDER_ITEM_ENTITY) return itemChangeSubject(read, e.entityId);
  if (e.entityType === TASK_ENTITY) return taskChangeSubject(read, e);
  if (e.entityType === TURNOVER_ENTITY) return turnoverChangeSubject(read, e);
  if (e.entityType === WAITLIST_ENTITY) return waitlistChangeSubject(read, e.entityId);
  if (e.entityType === RESERVATION_ENTITY) return reservationChangeSubject(read, e.entityId);
  if (
    e.entityType === MENU_ITEM_ENTITY ||
    e.entityType === ORDER_PRIORITY_ENTITY ||
    e.entityType === ORDER_FIRE_ENTITY
  ) {
    return menuOrderChangeSubject(read, e);
  }
  if (e.entityType === ITEM_CANCEL_ENTITY) return null;
  if (e.entityType === ORDER_ENTITY) return orderChangeSubject(read, e.entityId);
  if (e.entityType === RUNNER_ORDER_ENTITY) return runnerChangeSubject(read, e.entityId);
  if (e.entityType === PAYMENT_ENTITY) return paymentChangeSubject(read, e);
  return reportSubject(read, e);
}

export function terminalStatus(
  read: ReadDb,
  sync: { isOnline(): boolean; isPaired(): boolean; rebuiltAt(): string | null },
  cloudUrl: string,
  /** When the terminal last came online (its clock), null while offline. */
  onlineSince: string | null,
): TerminalStatusAnswer {
  const meta = getMeta(read);
  // The outbox goes out in order, so only its first pending change is ever retried.
  const head = nextPending(read);
  return {
    online: sync.isOnline(),
    paired: sync.isPaired(),
    cloudUrl,
    terminalId: meta.terminalId,
    venueId: meta.venueId,
    cursor: meta.cursor,
    rebuiltAt: sync.rebuiltAt(),
    outbox: {
      pending: countPending(read),
      rejected: listByStatus(read, 'REJECTED').map((e) => ({
        id: String(e.seq),
        method: e.method,
        path: e.path,
        subject: subjectOf(read, e),
        message: e.message ?? MESSAGES.outboxRejectedTitle,
        createdAt: e.createdAt,
      })),
      stuck:
        head && isStuck(head, onlineSince)
          ? [
              {
                id: String(head.seq),
                method: head.method,
                path: head.path,
                subject: subjectOf(read, head),
                lastError: head.lastError ?? '',
                attempts: head.attempts,
              },
            ]
          : [],
    },
  };
}
