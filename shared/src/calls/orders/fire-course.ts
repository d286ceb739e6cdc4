import { z } from 'zod';
import { Id } from '../../schemas/common.js';
import { Course, Order } from '../../schemas/entities.js';
import { defineCall } from '../define.js';

export const FireCourseRequest = z.strictObject({ course: Course });
export type FireCourseRequest = z.output<typeof FireCourseRequest>;

/**
 * Fire now (issue 22): staff send an order's held course to the kitchen before its time (the
 * kitchen display, the order's details). Every held item of that course goes to the kitchen at
 * once and its fire time becomes now (each an `order.item.status.changed`); the kitchen's tickets
 * follow as for a course that fired on time. Answers the order as it now is. On a terminal it
 * applies to the replica and reaches the cloud through the outbox.
 */
export const fireCourse = defineCall({
  method: 'POST',
  path: '/api/orders/:orderId/fire',
  summary: "Fire an order's held course now, before its time",
  audience: ['staff', 'terminal'],
  tiers: ['cloud', 'terminal'],
  params: z.object({ orderId: Id }),
  entity: 'Order',
  body: FireCourseRequest,
  answer: Order,
});
