// Which calls a floor duty may make (docs/roles.md, "Calls by duty"). A duty's screens are
// DUTY_SCREENS (rules/staff-access.ts); the calls each screen makes are listed here, so a duty may
// make exactly the calls of its screens and of the app's shell, and nothing else: a cleaner cannot
// take a payment or place an order, a kitchen screen cannot read payments. Both tiers' `serve`
// ask `dutyRefuses` before a handler runs. A test (desktop/src/renderer/duty-calls.test.ts) fails
// when a screen makes a call its entry here does not list.
import { type Role, STAFF_DUTIES } from '../constants.js';
import { DUTY_SCREENS, floorDuty, holdsPermission, type StaffDuty } from '../rules/staff-access.js';
import { sendStaffAlert } from './alerts/send-staff-alert.js';
import { getAnalytics } from './analytics/get-analytics.js';
import { chooseVenue } from './auth/choose-venue.js';
import { getMe } from './auth/get-me.js';
import { listMyVenues } from './auth/list-my-venues.js';
import { login } from './auth/login.js';
import { logout } from './auth/logout.js';
import { signUp } from './auth/sign-up.js';
import type { Call, CallSpec } from './define.js';
import { populateDemo } from './demo/populate-demo.js';
import { listVenueEvents } from './events/list-venue-events.js';
import { getFloorLayout } from './floor-layout/get-floor-layout.js';
import { getFloorLayoutVersion } from './floor-layout/get-floor-layout-version.js';
import { listFloorLayoutVersions } from './floor-layout/list-floor-layout-versions.js';
import { listFloorTemplates } from './floor-layout/list-floor-templates.js';
import { publishFloorLayout } from './floor-layout/publish-floor-layout.js';
import { restoreFloorLayoutVersion } from './floor-layout/restore-floor-layout-version.js';
import { saveFloorLayout } from './floor-layout/save-floor-layout.js';
import { saveFloorTemplate } from './floor-layout/save-floor-template.js';
import { eraseGuestData } from './guest-data/erase-guest-data.js';
import { createMenuItem } from './menu/create-menu-item.js';
import { getMenu } from './menu/get-menu.js';
import { setMenuItemAvailability } from './menu/set-menu-item-availability.js';
import { setMenuItemImage } from './menu/set-menu-item-image.js';
import { updateMenuItem } from './menu/update-menu-item.js';
import { createUpload } from './objects/create-upload.js';
import { batchUpdateItems } from './order-items/batch-update-items.js';
import { cancelOrderItem } from './order-items/cancel-order-item.js';
import { changeItemStatus } from './order-items/change-item-status.js';
import { getTicketTimes } from './order-items/get-ticket-times.js';
import { listKitchenItems } from './order-items/list-kitchen-items.js';
import { changeOrderPriority } from './orders/change-order-priority.js';
import { createOrder } from './orders/create-order.js';
import { fireCourse } from './orders/fire-course.js';
import { listOrders } from './orders/list-orders.js';
import { sendToExpo } from './orders/send-to-expo.js';
import { createOrganization } from './organizations/create-organization.js';
import { exportOrganization } from './organizations/export-organization.js';
import { getOrganizationUsage } from './organizations/get-organization-usage.js';
import { listOrganizations } from './organizations/list-organizations.js';
import { updateOrganization } from './organizations/update-organization.js';
import { answerPhoneJoin } from './party-phones/answer-phone-join.js';
import { listPhoneJoins } from './party-phones/list-phone-joins.js';
import { getSessionBill } from './payments/get-session-bill.js';
import { listPayments, listVenuePayments } from './payments/list-payments.js';
import { printGuestReceipt } from './payments/print-guest-receipt.js';
import { takeTablePayment } from './payments/take-table-payment.js';
import { updateOrderPayment } from './payments/update-order-payment.js';
import { printReceipt } from './print/print-receipt.js';
import { listPrintJobs } from './print-jobs/list-print-jobs.js';
import { markPrintJobPrinted } from './print-jobs/mark-print-job-printed.js';
import { reprintPrintJob } from './print-jobs/reprint-print-job.js';
import { retryPrintJob } from './print-jobs/retry-print-job.js';
import { createPrinter } from './printers/create-printer.js';
import { listPrinters } from './printers/list-printers.js';
import { removePrinter } from './printers/remove-printer.js';
import { testPrint } from './printers/test-print.js';
import { updatePrinter } from './printers/update-printer.js';
import { getLatestQaRun } from './qa/get-latest-qa-run.js';
import { getSmokeTest } from './qa/get-smoke-test.js';
import { seedProduct } from './qa/seed-product.js';
import { startQaRun } from './qa/start-qa-run.js';
import { checkInReservation } from './reservations/check-in-reservation.js';
import { createReservation } from './reservations/create-reservation.js';
import { getBookableTimes } from './reservations/get-bookable-times.js';
import { getReservation } from './reservations/get-reservation.js';
import { listReservations } from './reservations/list-reservations.js';
import { listReservationsOfDate } from './reservations/list-reservations-of-date.js';
import { modifyReservation } from './reservations/modify-reservation.js';
import { seatReservation } from './reservations/seat-reservation.js';
import { createRestaurant } from './restaurants/create-restaurant.js';
import { listRestaurants } from './restaurants/list-restaurants.js';
import { setRestaurantLogo } from './restaurants/set-restaurant-logo.js';
import { updateRestaurant } from './restaurants/update-restaurant.js';
import { changeRunnerOrderStatus } from './runner/change-runner-order-status.js';
import { createDeliveryRun } from './runner/create-delivery-run.js';
import { listDeliveryRuns } from './runner/list-delivery-runs.js';
import { listRunnerOrders } from './runner/list-runner-orders.js';
import { listRunners } from './runner/list-runners.js';
import { decideSeatRequest } from './seat-requests/decide-seat-request.js';
import { listSeatRequests } from './seat-requests/list-seat-requests.js';
import { setSeatingApproval } from './seat-requests/set-seating-approval.js';
import { getSetupChecklist } from './setup/get-setup-checklist.js';
import { recordQrSheetPrinted } from './setup/record-qr-sheet.js';
import {
  acceptInvitation,
  confirmPasswordReset,
  createInvitation,
  deactivateStaffMember,
  getInvitationPreview,
  listInvitations,
  listStaff,
  requestPasswordReset,
  resendInvitation,
  revokeInvitation,
  updateStaffMember,
} from './staff/staff-calls.js';
import { completeTableQa } from './tables/complete-table-qa.js';
import { getExitQr } from './tables/get-exit-qr.js';
import { getTableQr } from './tables/get-table-qr.js';
import { listTableQrCodes } from './tables/list-table-qr-codes.js';
import { listTables } from './tables/list-tables.js';
import { markDeparted } from './tables/mark-departed.js';
import { printTableQr } from './tables/print-table-qr.js';
import { transitionTable } from './tables/transition-table.js';
import { completeTask } from './tasks/complete-task.js';
import { createTask } from './tasks/create-task.js';
import { listTasks } from './tasks/list-tasks.js';
import { startTask } from './tasks/start-task.js';
import { dismissRejectedChange } from './terminal/dismiss-rejected-change.js';
import { getTerminalStatus } from './terminal/get-terminal-status.js';
import { createPairingCode } from './terminals/create-pairing-code.js';
import { listTerminals } from './terminals/list-terminals.js';
import { createVenue } from './venues/create-venue.js';
import { getEntranceQr } from './venues/get-entrance-qr.js';
import { listVenues } from './venues/list-venues.js';
import { rotateEntranceQr } from './venues/rotate-entrance-qr.js';
import { updateVenue } from './venues/update-venue.js';
import { addToWaitlist } from './waitlist/add-to-waitlist.js';
import { changeWaitlistStatus } from './waitlist/change-waitlist-status.js';
import { listWaitlist } from './waitlist/list-waitlist.js';
import { seatWaitlistParty } from './waitlist/seat-waitlist-party.js';

type AnyCall = Call<CallSpec>;

/** @internal exported for its test.
 * What every signed-in staff member's app makes whatever the screen: the header, the sidebar's
 * quick actions (a table's QR, an alert, a cleaning request), the terminal's banner. */
export const SHELL_CALLS: readonly AnyCall[] = [
  login,
  logout,
  getMe,
  // The header's venue selector (issue 24), on the cloud for a member with several venues.
  listMyVenues,
  chooseVenue,
  getTerminalStatus,
  dismissRejectedChange,
  listPrinters,
  listPrintJobs,
  listTables,
  getTableQr,
  printTableQr,
  getExitQr,
  createTask,
  sendStaffAlert,
  getBookableTimes,
  // The public account pages (issue 24), and the sign-in page's sign-up.
  signUp,
  getInvitationPreview,
  acceptInvitation,
  requestPasswordReset,
  confirmPasswordReset,
];

/** The admin screens share one feature folder (features/admin), so each lists its calls; every one
 * names a permission (docs/roles.md, Administration), which decides instead of the duty. */
const ADMIN_CALLS: readonly AnyCall[] = [
  listOrganizations,
  createOrganization,
  updateOrganization,
  exportOrganization,
  getOrganizationUsage,
  listVenues,
  createVenue,
  updateVenue,
  listRestaurants,
  createRestaurant,
  updateRestaurant,
  setRestaurantLogo,
  createUpload,
  // The venues screen's Pair a terminal panel (issue 24): a code the terminal types.
  createPairingCode,
];

/** @internal exported for its test. The calls each floor screen makes (its feature's `api` folder). */
export const SCREEN_CALLS: Readonly<Record<string, readonly AnyCall[]>> = {
  // The dashboard: its figures, the activity feed and the tasks its rows show (issue 26).
  // The shift's figures and Load Demo Data name their permissions (VIEW_ANALYTICS, MANAGE_SETTINGS):
  // the dashboard asks mayCall first, and the permission, not the duty, decides.
  '/': [
    listKitchenItems,
    listOrders,
    listPayments,
    listTables,
    listWaitlist,
    listVenueEvents,
    listTasks,
    getAnalytics,
    populateDemo,
    // Waitlist & Reservations: Seat (a party just arrived is checked in first) and Modify.
    listReservations,
    checkInReservation,
    seatReservation,
    modifyReservation,
  ],
  // The designer's Versions panel lists the saved versions and restores one (MANAGE_TABLES, as
  // saving and publishing); the live floor reads an older version while a newer one is published.
  '/floor-map': [
    listTables,
    getFloorLayout,
    saveFloorLayout,
    publishFloorLayout,
    transitionTable,
    listFloorLayoutVersions,
    getFloorLayoutVersion,
    restoreFloorLayoutVersion,
    // Save as Template, and the organization's templates in the library.
    saveFloorTemplate,
    listFloorTemplates,
  ],
  '/reservations': [
    listReservations,
    createReservation,
    checkInReservation,
    seatReservation,
    modifyReservation,
    // ?id= names a booking not on today's list: read on its own. Its path is also the spec
    // client's day read (/api/reservations/2026-11-29), which the cloud tells apart only by the
    // segment, so both go together; the day read answers what listReservations does.
    getReservation,
    listReservationsOfDate,
    listTables,
  ],
  '/waitlist': [listWaitlist, addToWaitlist, changeWaitlistStatus, seatWaitlistParty, listTables],
  '/host-console': [
    listReservations,
    seatReservation,
    listWaitlist,
    seatWaitlistParty,
    listTables,
    listOrders,
    markDeparted,
    printReceipt,
    listSeatRequests,
    setSeatingApproval,
    decideSeatRequest,
    listPhoneJoins,
    answerPhoneJoin,
  ],
  '/menu-orders': [
    getMenu,
    setMenuItemAvailability,
    listOrders,
    createOrder,
    cancelOrderItem,
    changeOrderPriority,
    fireCourse,
  ],
  '/kitchen-display': [
    listKitchenItems,
    getTicketTimes,
    changeItemStatus,
    batchUpdateItems,
    fireCourse,
    sendToExpo,
    listRunnerOrders,
    markPrintJobPrinted,
    reprintPrintJob,
  ],
  '/runner-interface': [listRunnerOrders, listRunners, changeRunnerOrderStatus, createDeliveryRun, listDeliveryRuns],
  '/payments': [
    listOrders,
    listVenuePayments,
    listPayments,
    getSessionBill,
    takeTablePayment,
    updateOrderPayment,
    printGuestReceipt,
    printReceipt,
  ],
  '/cleaner-console': [listTasks, startTask, completeTask, completeTableQa],
  '/printer-management': [
    listPrinters,
    listPrintJobs,
    markPrintJobPrinted,
    reprintPrintJob,
    retryPrintJob,
    testPrint,
    createPrinter,
    updatePrinter,
    removePrinter,
    listTerminals,
  ],
  // Screens that need a permission (docs/roles.md): their calls name it, so a duty does not decide.
  '/menu-management': [getMenu, createMenuItem, updateMenuItem, createUpload, setMenuItemImage],
  '/admin/organizations': ADMIN_CALLS,
  '/admin/venues': ADMIN_CALLS,
  '/admin/restaurants': ADMIN_CALLS,
  '/setup': [getSetupChecklist, recordQrSheetPrinted, listTableQrCodes, getEntranceQr, rotateEntranceQr],
  '/qa-dashboard': [getSmokeTest, seedProduct, startQaRun, getLatestQaRun],
  '/guest-privacy': [eraseGuestData],
  '/staff': [
    listStaff,
    updateStaffMember,
    deactivateStaffMember,
    listInvitations,
    createInvitation,
    resendInvitation,
    revokeInvitation,
  ],
};

function callsOfDuty(duty: StaffDuty): ReadonlySet<string> {
  const ids = new Set(SHELL_CALLS.map((c) => c.id));
  for (const screen of DUTY_SCREENS[duty]) for (const call of SCREEN_CALLS[screen] ?? []) ids.add(call.id);
  return ids;
}

const DUTY_CALLS = new Map<StaffDuty, ReadonlySet<string>>(STAFF_DUTIES.map((d) => [d, callsOfDuty(d)]));

/** Whether a staff member's floor duty lets them make `call` (docs/roles.md). Managers, assistant
 * managers and staff without a duty are not limited by duty; a call that names a permission is
 * judged by that permission alone, as its screen is. */
export function dutyAllows(
  viewer: { role: Role; permissions: readonly string[]; duty?: StaffDuty | null },
  call: Pick<CallSpec, 'method' | 'path' | 'permission'>,
): boolean {
  const duty = floorDuty(viewer);
  if (!duty) return true;
  if (call.permission) return holdsPermission(viewer, call.permission);
  return DUTY_CALLS.get(duty)?.has(`${call.method} ${call.path}`) ?? false;
}

/** Which server the staff app runs on: the cloud, or a terminal core answering from its replica. */
export type AppTier = 'cloud' | 'terminal';

/**
 * Whether a signed-in member's screen may make `call` where the app runs: the server there answers
 * it (`tiers`), the member holds its permission, and their duty includes it (dutyAllows). Screens
 * ask this before they call, and show or hide the control that would call, so they ask only what
 * the signed-in member may and what the server answers (issue 22's button crawl: a 403 or a 404
 * on the way is a defect, not a state). While the tier is not known (null), nothing is asked.
 */
export function mayCall(
  viewer: { role: Role; permissions: readonly string[]; duty?: StaffDuty | null },
  call: Pick<CallSpec, 'method' | 'path' | 'permission' | 'tiers'>,
  tier: AppTier | null,
): boolean {
  if (tier === null || !call.tiers.includes(tier)) return false;
  if (call.permission && !holdsPermission(viewer, call.permission)) return false;
  return dutyAllows(viewer, call);
}

/**
 * Whether `path` is a screen that cannot work where the app runs: on a terminal, a screen none of
 * whose calls the terminal answers (the admin area, the setup checklist, staff accounts). The app's
 * shell shows that it needs the cloud instead of the screen, which would ask and get 404s. A screen
 * with some calls served here (the floor map: its live floor) asks mayCall per call instead.
 */
export function screenNeedsCloud(path: string, tier: AppTier): boolean {
  const calls = SCREEN_CALLS[path];
  if (!calls || calls.length === 0) return false;
  return calls.every((c) => !c.tiers.includes(tier));
}

const DOC_HEADER = `| Call | ${STAFF_DUTIES.join(' | ')} |\n|---|${STAFF_DUTIES.map(() => '---').join('|')}|`;

/** docs/roles.md's "Calls by duty" table: every staff call that names no permission, with a
 * @internal
 * duty's yes or no. The doc carries it between markers and its test compares the two. */
export function dutyCallsTable(
  calls: readonly Pick<CallSpec, 'method' | 'path' | 'permission' | 'audience'>[],
): string {
  const rows = calls
    .filter((c) => c.audience.includes('staff') && !c.permission)
    .map((c) => {
      const cells = STAFF_DUTIES.map((duty) =>
        dutyAllows({ role: 'STAFF', permissions: [], duty }, c) ? 'yes' : 'no',
      );
      return `| \`${c.method} ${c.path}\` | ${cells.join(' | ')} |`;
    });
  return [DOC_HEADER, ...rows].join('\n');
}
