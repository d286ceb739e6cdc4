// Every live event name of spec 1 section 7 as a typed union, with a payload schema each. The
// spec does not show payloads: each carries the envelope and the ids a listener needs to reload
// or patch the matching lists; extra fields pass through. Events the cloud already commits with
// full entities keep the schemas of events.ts.
import { z } from 'zod';
import { PAYMENT_STATUSES, RESERVATION_STATUSES, TASK_STATUSES, TASK_TYPES, WAITLIST_STATUSES } from '../constants.js';
import { Id } from '../schemas/common.js';
import { OrderState, TableState } from '../schemas/entities.js';
import {
  GuestCheckedInEvent,
  OrderCreatedEvent,
  OrderItemStatusChangedEvent,
  TableStateChangedEvent,
} from './events.js';

/** Declared by features (spec 1 section 7). */
export const DECLARED_LIVE_EVENTS = [
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
] as const;

/** Consumed by staff screens; each makes the matching lists reload. */
export const STAFF_LIVE_EVENTS = [
  'order.created',
  'order.item.status.changed',
  'order.priority.changed',
  'order.ready_for_run',
  'order.delivered',
  'runner.status.changed',
  'payment.status.changed',
  'reservation.created',
  'waitlist.updated',
  'task.created',
  'task.updated',
] as const;

/** Consumed by the table automation. */
export const AUTOMATION_LIVE_EVENTS = [
  'payment.completed',
  'task.completed',
  'table.qa_check.completed',
  'table.emergency_clean',
  'table.maintenance_required',
  'waitlist.timeout',
] as const;

export const LIVE_EVENT_NAMES = [
  ...new Set([
    ...DECLARED_LIVE_EVENTS,
    ...STAFF_LIVE_EVENTS,
    ...AUTOMATION_LIVE_EVENTS,
    'table.state.changed' as const,
  ]),
];
export type LiveEventName =
  | (typeof DECLARED_LIVE_EVENTS)[number]
  | (typeof STAFF_LIVE_EVENTS)[number]
  | (typeof AUTOMATION_LIVE_EVENTS)[number]
  | 'table.state.changed';
export type StaffLiveEventName = (typeof STAFF_LIVE_EVENTS)[number];
export type AutomationLiveEventName = (typeof AUTOMATION_LIVE_EVENTS)[number];

const Envelope = OrderCreatedEvent.pick({ seq: true, venueId: true, at: true });
const event = <T extends LiveEventName, S extends z.ZodRawShape>(type: T, shape: S) =>
  Envelope.extend({ type: z.literal(type), ...shape }).loose();

const orderRef = { orderId: Id };
const taskRef = { taskId: Id, taskType: z.enum(TASK_TYPES), tableId: Id.nullable(), status: z.enum(TASK_STATUSES) };
const reservationRef = { reservationId: Id, status: z.enum(RESERVATION_STATUSES) };
const paymentRef = { orderId: Id, paymentId: Id.nullable(), status: z.enum(PAYMENT_STATUSES) };

export const LIVE_EVENT_SCHEMAS = {
  'table.state.changed': TableStateChangedEvent,
  'order.created': OrderCreatedEvent,
  'order.item.status.changed': OrderItemStatusChangedEvent,
  'guest.checkedin': GuestCheckedInEvent,
  'table.updated': event('table.updated', { tableId: Id, state: TableState }),
  'order.updated': event('order.updated', { ...orderRef, status: OrderState }),
  'order.ready': event('order.ready', orderRef),
  'order.placed': event('order.placed', { ...orderRef, sessionId: Id }),
  'order.completed': event('order.completed', { ...orderRef, sessionId: Id }),
  'order.priority.changed': event('order.priority.changed', {
    ...orderRef,
    priority: z.enum(['normal', 'high', 'urgent']),
  }),
  'order.ready_for_run': event('order.ready_for_run', orderRef),
  'order.delivered': event('order.delivered', orderRef),
  'runner.status.changed': event('runner.status.changed', { runnerId: Id, status: z.string() }),
  'task.created': event('task.created', taskRef),
  'task.updated': event('task.updated', taskRef),
  'task.completed': event('task.completed', taskRef),
  'reservation.created': event('reservation.created', reservationRef),
  'reservation.updated': event('reservation.updated', reservationRef),
  'reservation.checkin': event('reservation.checkin', reservationRef),
  'waitlist.updated': event('waitlist.updated', { waitlistId: Id, status: z.enum(WAITLIST_STATUSES) }),
  'waitlist.timeout': event('waitlist.timeout', { waitlistId: Id, tableId: Id.nullable() }),
  'payment.completed': event('payment.completed', {
    ...paymentRef,
    tableId: Id.nullable(),
    sessionComplete: z.boolean(),
    rushOrder: z.boolean().default(false),
  }),
  'payment.processed': event('payment.processed', paymentRef),
  'payment.status.changed': event('payment.status.changed', paymentRef),
  'print.completed': event('print.completed', { jobId: Id, printerId: Id }),
  'guest.departed': event('guest.departed', { sessionId: Id, tableId: Id.nullable() }),
  'table.selected': event('table.selected', { tableId: Id, sessionId: Id.nullable() }),
  'table.qa_check.completed': event('table.qa_check.completed', {
    tableId: Id,
    passed: z.boolean(),
    issues: z.array(z.string()).default([]),
  }),
  'table.emergency_clean': event('table.emergency_clean', { tableId: Id }),
  'table.maintenance_required': event('table.maintenance_required', { tableId: Id }),
} satisfies Record<LiveEventName, z.ZodType>;

export type LiveEventPayload<T extends LiveEventName> = z.infer<(typeof LIVE_EVENT_SCHEMAS)[T]>;

export function isLiveEventName(value: unknown): value is LiveEventName {
  return typeof value === 'string' && (LIVE_EVENT_NAMES as readonly string[]).includes(value);
}

export type ParsedLiveMessage =
  | { ok: true; name: LiveEventName; event: LiveEventPayload<LiveEventName> }
  | { ok: false; reason: string };

/** A live message as received: JSON with a known type and a valid payload. A malformed message
 * is logged and ignored by the caller (spec 1 section 8), so this never throws. */
export function parseLiveMessage(raw: string): ParsedLiveMessage {
  let data: unknown;
  try {
    data = JSON.parse(raw);
  } catch {
    return { ok: false, reason: 'not JSON' };
  }
  const type = (data as { type?: unknown } | null)?.type;
  if (!isLiveEventName(type)) return { ok: false, reason: `unknown event type ${JSON.stringify(type)}` };
  const parsed = LIVE_EVENT_SCHEMAS[type].safeParse(data);
  if (!parsed.success) return { ok: false, reason: `${type}: ${parsed.error.issues[0]?.message ?? 'invalid'}` };
  return { ok: true, name: type, event: parsed.data };
}

/** The lists (API paths, the read keys of spec 1 section 7) each staff event makes reload. */
export const STAFF_EVENT_RELOADS: Record<StaffLiveEventName, readonly string[]> = {
  'order.created': ['/api/orders', '/api/order-items/kitchen'],
  'order.item.status.changed': ['/api/order-items/kitchen', '/api/runner/orders', '/api/orders'],
  'order.priority.changed': ['/api/order-items/kitchen', '/api/runner/orders'],
  'order.ready_for_run': ['/api/runner/orders', '/api/order-items/kitchen'],
  'order.delivered': ['/api/runner/orders', '/api/orders'],
  'runner.status.changed': ['/api/runners', '/api/runner/orders'],
  'payment.status.changed': ['/api/orders/payments', '/api/payments'],
  'reservation.created': ['/api/reservations'],
  'waitlist.updated': ['/api/waitlist'],
  'task.created': ['/api/tasks'],
  'task.updated': ['/api/tasks'],
};
