// The spec's live event names and ours, in one place (issue 23). Spec 1 section 7 and spec 2
// section 7 declare and consume event names, and spec 3 section 7 names the automation's. We send
// most under the spec's own name. Where a declared name means the same as one we send, it is not
// sent a second time: a second copy would take a second sequence number, and every client reads
// the feed by number. This table says which of our events, and which of their instances, carry
// each spec name; `specNamesOf` answers it for an event. A client written from the spec follows
// the table (docs/live-events.md).
import { TURNOVER } from '../constants.js';
import { TURNOVER_MESSAGES } from '../messages.js';
import type { LiveEvent, LiveEventType } from './events.js';

/** Every live event name spec 1, 2 and 3 section 7 write, as they spell them. */
export const SPEC_EVENT_NAMES = [
  // Declared by features (spec 1 and 2 section 7)
  'table.updated',
  'order.created',
  'order.updated',
  'order.ready',
  'task.created',
  'task.updated',
  'reservation.created',
  'reservation.updated',
  'reservation.checkin',
  'waitlist.updated',
  'payment.completed',
  'payment.processed',
  'print.completed',
  'guest.checkedin',
  'guest.departed',
  'table.selected',
  'order.placed',
  'order.completed',
  // Consumed by staff screens
  'order.item.status.changed',
  'order.priority.changed',
  'order.ready_for_run',
  'order.delivered',
  'runner.status.changed',
  'payment.status.changed',
  'table.state.changed',
  // Consumed by the table automation
  'task.completed',
  'table.qa_check.completed',
  'table.emergency_clean',
  'table.maintenance_required',
  'waitlist.timeout',
] as const;
export type SpecEventName = (typeof SPEC_EVENT_NAMES)[number];

/** How a spec name reaches a client: sent under that name, or carried by events of ours. */
export type SpecEventCarrier =
  | { sent: 'as-is' }
  | {
      /** Our event types that carry it. */
      as: readonly LiveEventType[];
      /** Which of their instances, when not all. */
      when?: (event: LiveEvent) => boolean;
      /** What it means, in the spec's words and ours. */
      meaning: string;
    };

const asIs = { sent: 'as-is' } as const;

const isTask = (e: LiveEvent) => (e.type === 'task.created' || e.type === 'task.updated' ? e.task : null);

export const SPEC_EVENTS: Readonly<Record<SpecEventName, SpecEventCarrier>> = {
  'table.updated': {
    as: ['table.state.changed'],
    meaning:
      'A table changed: every change of a table (its state, its party, its hold) is table.state.changed, with the whole table.',
  },
  'order.created': asIs,
  'order.updated': {
    as: ['order.item.status.changed', 'order.priority.changed', 'order.item.cancelled'],
    meaning: 'An order changed: one of its items moved or was taken off, or its priority changed.',
  },
  'order.ready': {
    as: ['order.ready_for_run'],
    meaning: 'Expo sent an order whose every item is ready to the runners (Send to Runner).',
  },
  'task.created': asIs,
  'task.updated': asIs,
  'reservation.created': asIs,
  'reservation.updated': asIs,
  'reservation.checkin': asIs,
  'waitlist.updated': asIs,
  'payment.completed': asIs,
  'payment.processed': {
    as: ['payment.status.changed'],
    meaning: 'A payment was taken or its status moved (PENDING, COMPLETED, FAILED, ...), with the whole payment.',
  },
  'print.completed': asIs,
  'guest.checkedin': asIs,
  'guest.departed': asIs,
  'table.selected': asIs,
  'order.placed': {
    as: ['order.created'],
    meaning: 'A guest or a server placed an order: order.created, with the whole order.',
  },
  'order.completed': {
    as: ['order.delivered'],
    meaning: 'An order reached its table: the runner delivered it.',
  },
  'order.item.status.changed': asIs,
  'order.priority.changed': asIs,
  'order.ready_for_run': asIs,
  'order.delivered': asIs,
  'runner.status.changed': asIs,
  'payment.status.changed': asIs,
  'table.state.changed': asIs,
  'task.completed': {
    as: ['task.updated'],
    when: (e) => isTask(e)?.status === 'COMPLETED',
    meaning: 'A task was completed: task.updated whose task is COMPLETED.',
  },
  'table.qa_check.completed': {
    as: ['task.updated'],
    when: (e) => {
      const task = isTask(e);
      return task?.type === 'QA' && task.status === 'COMPLETED';
    },
    meaning:
      "A table's QA check was done: task.updated whose QA task is COMPLETED, its metadata carrying passed (and issues); the table's move follows as table.state.changed.",
  },
  'table.emergency_clean': {
    as: ['task.created'],
    when: (e) => {
      const task = isTask(e);
      return task?.type === 'CLEAN' && task.description === TURNOVER_MESSAGES.emergencyCleanDescription;
    },
    meaning:
      'A seated table was sent to cleaning at once: task.created with its urgent CLEAN task (description "Emergency clean"); the table moves to CLEANING with table.state.changed.',
  },
  'table.maintenance_required': {
    as: ['table.state.changed'],
    when: (e) => e.type === 'table.state.changed' && e.state === 'MAINTENANCE',
    meaning: 'A table was taken out of service: table.state.changed to MAINTENANCE.',
  },
  'waitlist.timeout': {
    as: ['waitlist.updated'],
    when: (e) =>
      e.type === 'waitlist.updated' &&
      e.entry.status === 'CANCELLED' &&
      e.entry.notifiedAt !== null &&
      Date.parse(e.at) - Date.parse(e.entry.notifiedAt) >= TURNOVER.waitlistTimeoutMinutes * 60_000,
    meaning: `A notified party did not come within ${TURNOVER.waitlistTimeoutMinutes} minutes and gave its turn: waitlist.updated, the party CANCELLED; the next party's NOTIFIED follows.`,
  },
};

/**
 * The spec's names `event` carries: its own (when the spec names it) and those it stands for.
 * @internal the tests read the feed with it; clients read the same table in OpenAPI's x-live-events
 */
export function specNamesOf(event: LiveEvent): SpecEventName[] {
  return SPEC_EVENT_NAMES.filter((name) => {
    const carrier = SPEC_EVENTS[name];
    if ('sent' in carrier) return name === event.type;
    return carrier.as.includes(event.type) && (carrier.when?.(event) ?? true);
  });
}
