// The QA dashboard's run (spec 3 sections 3 and 4): its journeys with their steps, the broken-button
// records, and the rules of its progress, statuses and Quick Fix List, which the cloud's runner and
// the screen share.
import { z } from 'zod';
import { IsoDateTime } from '../../schemas/common.js';

/** @internal exported for its tests */
export const QA_PRIORITIES = ['critical', 'high', 'medium', 'low'] as const;
export type QaPriority = (typeof QA_PRIORITIES)[number];
/** @internal exported for its tests */
export const QA_STEP_STATUSES = ['pending', 'running', 'pass', 'fail'] as const;
export type QaStepStatus = (typeof QA_STEP_STATUSES)[number];

export const QaStep = z.object({
  id: z.string(),
  name: z.string(),
  status: z.enum(QA_STEP_STATUSES),
  priority: z.enum(QA_PRIORITIES),
  /** Milliseconds the step took, once it ended. */
  duration: z.number().int().nonnegative().nullable(),
  error: z.string().nullable(),
  details: z.string().nullable(),
});
export type QaStep = z.infer<typeof QaStep>;

export const QaJourney = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string(),
  status: z.enum(QA_STEP_STATUSES),
  steps: z.array(QaStep),
});
export type QaJourney = z.infer<typeof QaJourney>;

/** Spec 3 section 3's broken-button record. */
export const BrokenButton = z.object({
  page: z.string(),
  testId: z.string(),
  element: z.string(),
  issue: z.string(),
  priority: z.enum(QA_PRIORITIES),
  route: z.string(),
});
export type BrokenButton = z.infer<typeof BrokenButton>;

/** @internal exported for its tests */
export const QA_RUN_STATUSES = ['running', 'done'] as const;

export const QaRun = z.object({
  id: z.string().uuid(),
  venueId: z.string().uuid(),
  status: z.enum(QA_RUN_STATUSES),
  /** 0 to 100, as spec 3 section 4 grows it (qaProgress). */
  progress: z.number().int().min(0).max(100),
  currentStep: z.string(),
  journeys: z.array(QaJourney),
  brokenButtons: z.array(BrokenButton),
  startedAt: IsoDateTime,
  finishedAt: IsoDateTime.nullable(),
});
export type QaRun = z.infer<typeof QaRun>;

/** A journey passes if no step failed, else fails (spec 3 section 4); running while a step runs. */
export function journeyStatus(steps: readonly Pick<QaStep, 'status'>[]): QaStepStatus {
  if (steps.some((s) => s.status === 'fail')) return 'fail';
  if (steps.every((s) => s.status === 'pass')) return 'pass';
  if (steps.some((s) => s.status !== 'pending')) return 'running';
  return 'pending';
}

/**
 * Spec 3 section 4: progress grows to 80% across the journeys (each journey an equal share, its
 * ended steps a share of that), is 85% before the broken-button scan and 100% at the end.
 */
export function qaProgress(journeys: readonly Pick<QaJourney, 'steps'>[], phase: 'journeys' | 'scan' | 'done'): number {
  if (phase === 'done') return 100;
  if (phase === 'scan') return 85;
  if (journeys.length === 0) return 0;
  const share = journeys.reduce((sum, j) => {
    const ended = j.steps.filter((s) => s.status === 'pass' || s.status === 'fail').length;
    const finished = j.steps.every((s) => s.status !== 'running') && journeyStatus(j.steps) === 'fail';
    return sum + (finished || j.steps.length === 0 ? 1 : ended / j.steps.length);
  }, 0);
  return Math.floor((80 * share) / journeys.length);
}

export interface QuickFix {
  priority: QaPriority;
  title: string;
  detail: string;
  route: string | null;
}

/** Everything the run found wrong, failed steps and broken buttons, each with its priority. */
function issuesOf(run: Pick<QaRun, 'journeys' | 'brokenButtons'> | null): QuickFix[] {
  if (!run) return [];
  const steps = run.journeys.flatMap((j) =>
    j.steps
      .filter((s) => s.status === 'fail')
      .map((s) => ({ priority: s.priority, title: `${j.name}: ${s.name}`, detail: s.error ?? '', route: null })),
  );
  const buttons = run.brokenButtons.map((b) => ({
    priority: b.priority,
    title: `${b.page}: ${b.element}`,
    detail: b.issue,
    route: b.route,
  }));
  return [...steps, ...buttons];
}

/** The critical badge's count. */
export function criticalCount(run: Pick<QaRun, 'journeys' | 'brokenButtons'> | null): number {
  return issuesOf(run).filter((i) => i.priority === 'critical').length;
}

/** Spec 3 section 2's Quick Fix List: every critical issue, and up to 5 high-priority ones. */
export function quickFixList(run: Pick<QaRun, 'journeys' | 'brokenButtons'> | null): {
  critical: QuickFix[];
  high: QuickFix[];
} {
  const issues = issuesOf(run);
  return {
    critical: issues.filter((i) => i.priority === 'critical'),
    high: issues.filter((i) => i.priority === 'high').slice(0, 5),
  };
}

/** Spec 3 section 7: seeded if both counts are above 0. */
export function isSeeded(answer: { success: boolean; dataCount: { tables: number; menuItems: number } }): boolean {
  return answer.success && answer.dataCount.tables > 0 && answer.dataCount.menuItems > 0;
}
