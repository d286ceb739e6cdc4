import { z } from 'zod';
import { Id } from '../../schemas/common.js';
import { defineCall } from '../define.js';

const MonthUsage = z.object({
  year: z.number().int(),
  month: z.number().int().min(1).max(12),
  ordersClosed: z.number().int().nonnegative(),
  apiCalls: z.number().int().nonnegative(),
  smsSent: z.number().int().nonnegative(),
  storageUsedMb: z.number().nonnegative(),
});

/**
 * The organization's usage by month (issue 24), newest first, at most twelve, in UTC months:
 * orders closed (bills paid in full), API calls (added every minute by each instance), SMS
 * sent, and the storage its uploads take (this month's measured when asked).
 */
export const getOrganizationUsage = defineCall({
  method: 'GET',
  path: '/api/organizations/:id/usage',
  summary: "The organization's usage by month: orders closed, API calls, SMS, storage",
  audience: ['staff'],
  tiers: ['cloud'],
  params: z.object({ id: Id }),
  entity: 'Organization',
  answer: z.array(MonthUsage),
  permission: 'MANAGE_ORGANIZATION',
});
