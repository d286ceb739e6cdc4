import { z } from 'zod';
import { DeliveryRun } from '../../schemas/runner.js';
import { defineCall } from '../define.js';

/** Zone runs of the last hours, active first (the Delivery Runs view). */
export const listDeliveryRuns = defineCall({
  method: 'GET',
  path: '/api/runner/delivery-runs',
  summary: 'Active and lately completed zone runs',
  audience: ['staff', 'terminal'],
  tiers: ['cloud', 'terminal'],
  answer: z.array(DeliveryRun),
  staleOn: ['order.delivered', 'runner.status.changed'],
});
