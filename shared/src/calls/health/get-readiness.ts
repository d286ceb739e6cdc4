import { z } from 'zod';
import { defineCall } from '../define.js';

/** One thing an instance needs before it takes traffic, as the readiness probe found it. */
const ReadinessCheck = z.object({ ok: z.boolean(), detail: z.string().optional() });

/** The checks the readiness answer reports, by name. */
const READINESS_CHECKS = ['started', 'database', 'notifications', 'fanout', 'draining'] as const;

export const ReadinessAnswer = z.object({
  status: z.literal('ready'),
  checks: z.partialRecord(z.enum(READINESS_CHECKS), ReadinessCheck),
});
export type ReadinessAnswer = z.infer<typeof ReadinessAnswer>;

/**
 * For the load balancer's readiness probe: 200 while the instance can serve (started, PostgreSQL
 * answers within READINESS.databaseTimeoutMs, the LISTEN connection and the live fan-out are up,
 * not shutting down); otherwise 503 `not_ready` naming what failed, with the same `checks`.
 */
export const getReadiness = defineCall({
  method: 'GET',
  path: '/api/health/ready',
  summary: 'Whether the instance can take traffic now (database, notifications, live fan-out)',
  audience: ['public'],
  tiers: ['cloud'],
  answer: ReadinessAnswer,
});
