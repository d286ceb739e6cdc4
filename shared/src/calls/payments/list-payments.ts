import { z } from 'zod';
import { Payment } from '../../schemas/payment.js';
import { defineCall } from '../define.js';

/** The venue's payments, newest first (spec 2 section 2.8's list and stat cards). */
export const listPayments = defineCall({
  method: 'GET',
  path: '/api/orders/payments',
  summary: "The venue's payments, newest first",
  audience: ['staff', 'terminal'],
  // The terminal asks the cloud: payments are the cloud's.
  tiers: ['cloud', 'terminal'],
  answer: z.array(Payment),
  staleOn: ['payment.status.changed'],
});
