import { z } from 'zod';
import { boundedText, Id } from '../../schemas/common.js';
import { DeliveryRun } from '../../schemas/runner.js';
import { defineCall } from '../define.js';

export const DeliveryRunRequest = z.object({
  zone: boundedText(100).min(1),
  orderIds: z.array(Id).max(100),
  runnerId: Id.nullable().optional(),
});
export type DeliveryRunRequest = z.infer<typeof DeliveryRunRequest>;

/** Create Zone Run (spec 2 sections 2.7 and 4): a runner takes the zone's ready orders at once,
 * each picked up by them. Needs a runner and at least one ready order of the zone. */
export const createDeliveryRun = defineCall({
  method: 'POST',
  path: '/api/runner/delivery-runs',
  summary: "Send one runner with a zone's ready orders",
  audience: ['staff', 'terminal'],
  tiers: ['cloud', 'terminal'],
  body: DeliveryRunRequest,
  answer: DeliveryRun,
  status: 201,
});
