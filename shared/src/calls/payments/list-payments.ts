import { z } from 'zod';
import { Payment } from '../../schemas/payment.js';
import { defineCall } from '../define.js';

/** How many of the venue's latest payments the list shows. */
export const PAYMENTS_LISTED = 500;

/** The venue's payments, newest first (spec 2 section 2.8's list and stat cards). */
export const listPayments = defineCall({
  method: 'GET',
  path: '/api/orders/payments',
  summary: "The venue's payments, newest first",
  audience: ['staff', 'terminal'],
  // The terminal answers from its replica (the cloud's payment events, its own cash waiting).
  tiers: ['cloud', 'terminal'],
  answer: z.array(Payment),
  staleOn: ['payment.status.changed'],
});

/** The same list at the path the spec's dashboard reads (spec 2 section 7: GET /api/payments, its
 * status and createdAt), answered alike by both tiers. */
export const listVenuePayments = defineCall({
  method: 'GET',
  path: '/api/payments',
  summary: "The venue's payments, newest first (the dashboard's read)",
  audience: ['staff', 'terminal'],
  tiers: ['cloud', 'terminal'],
  answer: z.array(Payment),
  staleOn: ['payment.status.changed'],
});

/** Newest first (ties by id, highest first), the latest PAYMENTS_LISTED: the one rule for the list. */
export function venuePaymentsAnswer(payments: readonly Payment[]): Payment[] {
  const newestFirst = (a: Payment, b: Payment) =>
    Date.parse(b.createdAt) - Date.parse(a.createdAt) || (a.id < b.id ? 1 : a.id > b.id ? -1 : 0);
  return [...payments].sort(newestFirst).slice(0, PAYMENTS_LISTED);
}
