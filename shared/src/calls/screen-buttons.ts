// The buttons of the staff screens and the call each makes (issue 26): what the QA dashboard's
// Broken Buttons scan checks. A button is broken when the cloud does not serve its call, or when no
// role that sees its screen may make the call (docs/roles.md). The screens render these testIds,
// and a test (desktop/src/renderer/features/qa-dashboard/screen-buttons.test.ts) fails when a
// declared testId is not in its screen's source.
import { ROLES, STAFF_DUTIES } from '../constants.js';
import { canSeeScreen, holdsPermission, type StaffDuty } from '../rules/staff-access.js';
import type { CallSpec } from './define.js';
import { populateDemo } from './demo/populate-demo.js';
import { dutyAllows } from './duty-calls.js';
import { changeItemStatus } from './order-items/change-item-status.js';
import { fireCourse } from './orders/fire-course.js';
import { takeTablePayment } from './payments/take-table-payment.js';
import { updateOrderPayment } from './payments/update-order-payment.js';
import { reprintPrintJob } from './print-jobs/reprint-print-job.js';
import { getLatestQaRun } from './qa/get-latest-qa-run.js';
import { getSmokeTest } from './qa/get-smoke-test.js';
import type { BrokenButton, QaPriority } from './qa/qa-run.js';
import { seedProduct } from './qa/seed-product.js';
import { startQaRun } from './qa/start-qa-run.js';
import { modifyReservation } from './reservations/modify-reservation.js';
import { changeRunnerOrderStatus } from './runner/change-runner-order-status.js';
import { completeTableQa } from './tables/complete-table-qa.js';
import { completeTask } from './tasks/complete-task.js';
import { changeWaitlistStatus } from './waitlist/change-waitlist-status.js';
import { seatWaitlistParty } from './waitlist/seat-waitlist-party.js';

type CallRef = Pick<CallSpec, 'method' | 'path' | 'permission' | 'tiers'>;

export interface ScreenButton {
  route: string;
  page: string;
  testId: string;
  element: string;
  call: CallRef;
  /** How bad it is when this button does nothing. */
  priority: QaPriority;
}

const button = (route: string, page: string, testId: string, element: string, call: CallRef, priority: QaPriority) => ({
  route,
  page,
  testId,
  element,
  call,
  priority,
});

/** The declared buttons, screen by screen.
 * @internal exported for its tests
 */
export const SCREEN_BUTTONS: readonly ScreenButton[] = [
  button('/', 'Dashboard', 'dash-seat-now', 'Seat Now', seatWaitlistParty, 'high'),
  button('/', 'Dashboard', 'dash-notify', 'Notify', changeWaitlistStatus, 'medium'),
  button('/', 'Dashboard', 'dash-modify', 'Modify', modifyReservation, 'medium'),
  button('/reservations', 'Reservations', 'reservation-modify', 'Modify', modifyReservation, 'medium'),
  button('/reservations', 'Reservations', 'reservation-cancel', 'Cancel Reservation', modifyReservation, 'medium'),
  button('/', 'Dashboard', 'dash-mark-ready', 'Mark READY', changeItemStatus, 'high'),
  button('/', 'Dashboard', 'dash-mark-complete', 'Mark Complete', changeRunnerOrderStatus, 'high'),
  button('/', 'Dashboard', 'quick-demo', 'Load Demo Data', populateDemo, 'low'),
  button('/', 'Dashboard', 'quick-cleaning', 'Mark Cleaning Complete', completeTask, 'medium'),
  button('/', 'Dashboard', 'payment-verify', 'Verify', updateOrderPayment, 'critical'),
  button('/kitchen-display', 'Kitchen Display', 'fire-now', 'Fire now', fireCourse, 'high'),
  button('/kitchen-display', 'Kitchen Display', 'recall-ticket', 'Reprint ticket', reprintPrintJob, 'high'),
  button('/payments', 'Payments', 'take-payment', 'Take payment', takeTablePayment, 'critical'),
  button('/payments', 'Payments', 'payment-verify', 'Verify', updateOrderPayment, 'critical'),
  button('/cleaner-console', 'Cleaner Console', 'cleaning-complete', 'Mark Complete', completeTask, 'high'),
  button('/cleaner-console', 'Cleaner Console', 'qa-pass', 'QA Passed', completeTableQa, 'high'),
  button('/runner-interface', 'Runner Interface', 'runner-order', 'Delivered', changeRunnerOrderStatus, 'high'),
  button('/qa-dashboard', 'QA Dashboard', 'qa-seed', 'Seed Test Data', seedProduct, 'high'),
  button('/qa-dashboard', 'QA Dashboard', 'qa-run-all', 'Run All Tests', startQaRun, 'high'),
  button('/qa-dashboard', 'QA Dashboard', 'qa-badge-data', 'Data Ready', getSmokeTest, 'medium'),
  button('/qa-dashboard', 'QA Dashboard', 'qa-progress', 'Progress', getLatestQaRun, 'medium'),
];

export type Viewer = { role: (typeof ROLES)[number]; permissions: readonly string[]; duty: StaffDuty | null };

/** Every role, and for plain staff every duty and none, with no permission granted on top. */
const VIEWERS: readonly Viewer[] = ROLES.flatMap((role) =>
  ([null, ...STAFF_DUTIES] as const).map((duty) => ({ role, permissions: [], duty })),
);

/** Whether `viewer` may make `call`: its permission, if it names one, and their duty's calls. */
function mayMake(viewer: Viewer, call: CallRef): boolean {
  if (call.permission && !holdsPermission(viewer, call.permission)) return false;
  return dutyAllows(viewer, call);
}

/**
 * The Broken Buttons scan: each declared button whose call is not served (`served` holds the
 * cloud's `METHOD /path` as routed; a call only the terminal serves is the terminal's, whose
 * routes desktop/src/core/server/routes.test.ts checks), or that no role seeing its screen may make.
 */
export function brokenButtons(
  served: ReadonlySet<string>,
  buttons: readonly ScreenButton[] = SCREEN_BUTTONS,
  viewers: readonly Viewer[] = VIEWERS,
): BrokenButton[] {
  const out: BrokenButton[] = [];
  for (const b of buttons) {
    const id = `${b.call.method} ${b.call.path}`;
    const record = { page: b.page, testId: b.testId, element: b.element, priority: b.priority, route: b.route };
    if (!served.has(id) && !(b.call.tiers.includes('terminal') && !b.call.tiers.includes('cloud'))) {
      out.push({ ...record, issue: `${id} is not served` });
      continue;
    }
    const seeing = viewers.filter((v) => canSeeScreen(v, b.route));
    if (!seeing.some((v) => mayMake(v, b.call))) {
      out.push({ ...record, issue: `No role that sees ${b.route} may make ${id}` });
    }
  }
  return out;
}
