// Plans and their limits (issue 24). Spec 1 section 9 gives venues and restaurants per plan; the
// issue adds terminals, staff accounts and tables. One table here; the cloud enforces it when
// something is added, and the admin screens show it.
import { ADMIN_MESSAGES } from '../admin-texts.js';

export const PLANS = ['FREE', 'BASIC', 'PREMIUM', 'ENTERPRISE'] as const;
export type Plan = (typeof PLANS)[number];

const PLAN_LIMIT_KINDS = ['venues', 'restaurants', 'terminals', 'staffAccounts', 'tables'] as const;
export type PlanLimitKind = (typeof PLAN_LIMIT_KINDS)[number];

/** null: unlimited. Tables are counted per venue, everything else per organization. */
export const PLAN_LIMITS: Readonly<Record<Plan, Readonly<Record<PlanLimitKind, number | null>>>> = {
  FREE: { venues: 1, restaurants: 1, terminals: 2, staffAccounts: 5, tables: 20 },
  BASIC: { venues: 3, restaurants: 5, terminals: 10, staffAccounts: 25, tables: 60 },
  PREMIUM: { venues: 10, restaurants: 25, terminals: 50, staffAccounts: 150, tables: 200 },
  ENTERPRISE: { venues: null, restaurants: null, terminals: null, staffAccounts: null, tables: null },
};

/** An organization's plan as its limits read it: the schema's old default STARTER is FREE. */
export function planOf(stored: string): Plan {
  return (PLANS as readonly string[]).includes(stored) ? (stored as Plan) : 'FREE';
}

/**
 * Whether one more of `kind` fits the plan, given how many there are: null when it does, else
 * the message naming the limit and the plan.
 */
export function planLimitRefusal(stored: string, kind: PlanLimitKind, current: number): string | null {
  const plan = planOf(stored);
  const limit = PLAN_LIMITS[plan][kind];
  if (limit === null || current < limit) return null;
  return ADMIN_MESSAGES.planLimitReached(plan, kind, limit);
}
