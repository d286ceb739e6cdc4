// Every call of the API, one module each. A new call is a new module here and in ALL_CALLS.

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
import { askStaffAssistance } from './guest/ask-staff-assistance.js';
import { guestCheckin } from './guest/checkin.js';
import { confirmTable, updateGuestSession } from './guest/confirm-table.js';
import { getGuestSeatRequest } from './guest/get-guest-seat-request.js';
import { getGuestSession } from './guest/get-guest-session.js';
import { getGuestWaitlistStatus } from './guest/get-guest-waitlist-status.js';
import { holdTable, releaseTable } from './guest/hold-table.js';
import { listGuestOrders } from './guest/list-guest-orders.js';
import { listGuestTables } from './guest/list-guest-tables.js';
import { scanEntrance } from './guest/scan-entrance.js';
import { scanTable } from './guest/scan-table.js';
import { eraseGuestData } from './guest-data/erase-guest-data.js';
import { getHealth } from './health/get-health.js';
import { getLiveness } from './health/get-liveness.js';
import { getReadiness } from './health/get-readiness.js';
import { getPublicRestaurant } from './marketplace/get-public-restaurant.js';
import { createMenuItem } from './menu/create-menu-item.js';
import { getMenu } from './menu/get-menu.js';
import { setMenuItemAvailability } from './menu/set-menu-item-availability.js';
import { setMenuItemImage } from './menu/set-menu-item-image.js';
import { updateMenuItem } from './menu/update-menu-item.js';
import { createUpload } from './objects/create-upload.js';
import { getObject, putObject } from './objects/put-object.js';
import { getOpenApi } from './openapi/get-openapi.js';
import { batchUpdateItems } from './order-items/batch-update-items.js';
import { cancelOrderItem } from './order-items/cancel-order-item.js';
import { changeItemStatus } from './order-items/change-item-status.js';
import { getOrderItem } from './order-items/get-order-item.js';
import { getTicketTimes } from './order-items/get-ticket-times.js';
import { listKitchenItems } from './order-items/list-kitchen-items.js';
import { listOrderItems } from './order-items/list-order-items.js';
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
import { answerPartyPhone } from './party-phones/answer-party-phone.js';
import { answerPhoneJoin } from './party-phones/answer-phone-join.js';
import { getMyPhone } from './party-phones/get-my-phone.js';
import { listPartyPhones } from './party-phones/list-party-phones.js';
import { listPhoneJoins } from './party-phones/list-phone-joins.js';
import { cancelCashShare } from './payments/cancel-cash-share.js';
import { getSessionBill } from './payments/get-session-bill.js';
import { guestCheckout } from './payments/guest-checkout.js';
import { listPayments, listVenuePayments } from './payments/list-payments.js';
import { printGuestReceipt } from './payments/print-guest-receipt.js';
import { printReceiptAtVenue } from './payments/print-receipt-at-venue.js';
import { processPayment } from './payments/process-payment.js';
import { stripeWebhook } from './payments/stripe-webhook.js';
import { takeTablePayment } from './payments/take-table-payment.js';
import { updateOrderPayment } from './payments/update-order-payment.js';
import { printReceipt } from './print/print-receipt.js';
import { reprintKitchenTickets } from './print/reprint-kitchen-tickets.js';
import { listPrintJobs } from './print-jobs/list-print-jobs.js';
import { markPrintJobPrinted } from './print-jobs/mark-print-job-printed.js';
import { reportPrintJob } from './print-jobs/report-print-job.js';
import { reprintPrintJob } from './print-jobs/reprint-print-job.js';
import { retryPrintJob } from './print-jobs/retry-print-job.js';
import { createPrinter } from './printers/create-printer.js';
import { listPrinters } from './printers/list-printers.js';
import { removePrinter } from './printers/remove-printer.js';
import { reportPrinterStatus } from './printers/report-printer-status.js';
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
import { listCheckins } from './sessions/list-checkins.js';
import { listCheckouts } from './sessions/list-checkouts.js';
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
import { getSnapshot } from './sync/get-snapshot.js';
import { listEvents } from './sync/list-events.js';
import { pushMutations } from './sync/push-mutations.js';
import { completeTableQa } from './tables/complete-table-qa.js';
import { getExitQr } from './tables/get-exit-qr.js';
import { getStuckStates } from './tables/get-stuck-states.js';
import { getTableQr } from './tables/get-table-qr.js';
import { listTableQrCodes } from './tables/list-table-qr-codes.js';
import { listTables } from './tables/list-tables.js';
import { markDeparted } from './tables/mark-departed.js';
import { printTableQr } from './tables/print-table-qr.js';
import { rotateTableQr } from './tables/rotate-table-qr.js';
import { transitionTable } from './tables/transition-table.js';
import { completeTask } from './tasks/complete-task.js';
import { createTask } from './tasks/create-task.js';
import { listTasks } from './tasks/list-tasks.js';
import { startTask } from './tasks/start-task.js';
import { dismissRejectedChange } from './terminal/dismiss-rejected-change.js';
import { getTerminalStatus } from './terminal/get-terminal-status.js';
import { createPairingCode } from './terminals/create-pairing-code.js';
import { createTerminal } from './terminals/create-terminal.js';
import { getTerminalMe } from './terminals/get-terminal-me.js';
import { listTerminals } from './terminals/list-terminals.js';
import { pairWithCode } from './terminals/pair-with-code.js';
import { revokeTerminal } from './terminals/revoke-terminal.js';
import { createVenue } from './venues/create-venue.js';
import { getEntranceQr } from './venues/get-entrance-qr.js';
import { listVenues } from './venues/list-venues.js';
import { rotateEntranceQr } from './venues/rotate-entrance-qr.js';
import { updateVenue } from './venues/update-venue.js';
import { addToWaitlist } from './waitlist/add-to-waitlist.js';
import { changeWaitlistStatus } from './waitlist/change-waitlist-status.js';
import { getWaitlistEntry } from './waitlist/get-waitlist-entry.js';
import { listWaitlist } from './waitlist/list-waitlist.js';
import { notifyNextParty } from './waitlist/notify-next-party.js';
import { seatWaitlistParty } from './waitlist/seat-waitlist-party.js';

export const ALL_CALLS: readonly Call<CallSpec>[] = [
  getHealth,
  getLiveness,
  getReadiness,
  getOpenApi,
  login,
  logout,
  getMe,
  listMyVenues,
  chooseVenue,
  createTerminal,
  createPairingCode,
  pairWithCode,
  getTerminalMe,
  revokeTerminal,
  scanTable,
  scanEntrance,
  guestCheckin,
  askStaffAssistance,
  getGuestSession,
  listGuestOrders,
  getMenu,
  listTables,
  getTableQr,
  rotateTableQr,
  printTableQr,
  listWaitlist,
  getWaitlistEntry,
  addToWaitlist,
  changeWaitlistStatus,
  seatWaitlistParty,
  listOrders,
  createOrder,
  listKitchenItems,
  getOrderItem,
  changeItemStatus,
  getSnapshot,
  listEvents,
  pushMutations,
  listPrinters,
  updatePrinter,
  reportPrinterStatus,
  testPrint,
  listPrintJobs,
  reportPrintJob,
  retryPrintJob,
  reprintPrintJob,
  markPrintJobPrinted,
  getTerminalStatus,
  dismissRejectedChange,
  listReservations,
  listReservationsOfDate,
  getBookableTimes,
  getReservation,
  createReservation,
  checkInReservation,
  seatReservation,
  modifyReservation,
  listGuestTables,
  holdTable,
  releaseTable,
  confirmTable,
  updateGuestSession,
  getGuestWaitlistStatus,
  createTask,
  sendStaffAlert,
  createPrinter,
  removePrinter,
  listTerminals,
  printReceipt,
  reprintKitchenTickets,
  listTasks,
  startTask,
  completeTask,
  transitionTable,
  markDeparted,
  completeTableQa,
  getStuckStates,
  notifyNextParty,
  setMenuItemAvailability,
  changeOrderPriority,
  fireCourse,
  cancelOrderItem,
  createUpload,
  putObject,
  getObject,
  setMenuItemImage,
  createMenuItem,
  updateMenuItem,
  batchUpdateItems,
  sendToExpo,
  listRunnerOrders,
  listRunners,
  changeRunnerOrderStatus,
  createDeliveryRun,
  listDeliveryRuns,
  getTicketTimes,
  getSessionBill,
  processPayment,
  cancelCashShare,
  listPayments,
  listVenuePayments,
  listVenueEvents,
  getAnalytics,
  updateOrderPayment,
  takeTablePayment,
  guestCheckout,
  printReceiptAtVenue,
  stripeWebhook,
  printGuestReceipt,
  listStaff,
  updateStaffMember,
  deactivateStaffMember,
  listInvitations,
  createInvitation,
  resendInvitation,
  revokeInvitation,
  getInvitationPreview,
  acceptInvitation,
  requestPasswordReset,
  confirmPasswordReset,
  getFloorLayout,
  listFloorLayoutVersions,
  getFloorLayoutVersion,
  saveFloorLayout,
  restoreFloorLayoutVersion,
  publishFloorLayout,
  listFloorTemplates,
  saveFloorTemplate,
  getExitQr,
  listOrderItems,
  listCheckins,
  listCheckouts,
  populateDemo,
  // Setting up a restaurant (issue 24)
  signUp,
  listOrganizations,
  createOrganization,
  updateOrganization,
  exportOrganization,
  getOrganizationUsage,
  eraseGuestData,
  getPublicRestaurant,
  listTableQrCodes,
  // The entrance code (issue 27)
  getEntranceQr,
  rotateEntranceQr,
  // The host approves self-seating during a rush (issue 27)
  listSeatRequests,
  setSeatingApproval,
  decideSeatRequest,
  getGuestSeatRequest,
  // A phone joining a seated party is let in first (issue 27)
  getMyPhone,
  listPartyPhones,
  answerPartyPhone,
  listPhoneJoins,
  answerPhoneJoin,
  listVenues,
  createVenue,
  updateVenue,
  listRestaurants,
  createRestaurant,
  updateRestaurant,
  setRestaurantLogo,
  getSetupChecklist,
  recordQrSheetPrinted,
  // The QA dashboard (issue 26)
  getSmokeTest,
  seedProduct,
  startQaRun,
  getLatestQaRun,
];

export * from './alerts/send-staff-alert.js';
export * from './analytics/get-analytics.js';
export * from './auth/choose-venue.js';
export * from './auth/get-me.js';
export * from './auth/list-my-venues.js';
export * from './auth/login.js';
export * from './auth/logout.js';
export * from './auth/sign-up.js';
export * from './define.js';
export * from './demo/populate-demo.js';
export * from './events/list-venue-events.js';
export * from './floor-layout/floor-template.js';
export * from './floor-layout/get-floor-layout.js';
export * from './floor-layout/get-floor-layout-version.js';
export * from './floor-layout/layout-version.js';
export * from './floor-layout/list-floor-layout-versions.js';
export * from './floor-layout/list-floor-templates.js';
export * from './floor-layout/publish-floor-layout.js';
export * from './floor-layout/restore-floor-layout-version.js';
export * from './floor-layout/save-floor-layout.js';
export * from './floor-layout/save-floor-template.js';
export * from './guest/ask-staff-assistance.js';
export * from './guest/checkin.js';
export * from './guest/confirm-table.js';
export * from './guest/get-guest-seat-request.js';
export * from './guest/get-guest-session.js';
export * from './guest/get-guest-waitlist-status.js';
export * from './guest/hold-table.js';
export * from './guest/list-guest-orders.js';
export * from './guest/list-guest-tables.js';
export * from './guest/scan-answer.js';
export * from './guest/scan-entrance.js';
export * from './guest/scan-table.js';
export * from './guest-data/erase-guest-data.js';
export * from './health/get-health.js';
export * from './health/get-liveness.js';
export * from './health/get-readiness.js';
export * from './marketplace/get-public-restaurant.js';
export * from './menu/create-menu-item.js';
export * from './menu/get-menu.js';
export * from './menu/set-menu-item-availability.js';
export * from './menu/set-menu-item-image.js';
export * from './menu/update-menu-item.js';
export * from './objects/create-upload.js';
export * from './objects/put-object.js';
export * from './openapi/get-openapi.js';
export * from './order-items/batch-update-items.js';
export * from './order-items/cancel-order-item.js';
export * from './order-items/change-item-status.js';
export * from './order-items/get-order-item.js';
export * from './order-items/get-ticket-times.js';
export * from './order-items/list-kitchen-items.js';
export * from './order-items/list-order-items.js';
export * from './orders/change-order-priority.js';
export * from './orders/create-order.js';
export * from './orders/fire-course.js';
export * from './orders/list-orders.js';
export * from './orders/order-facts.js';
export * from './orders/send-to-expo.js';
export * from './organizations/create-organization.js';
export * from './organizations/export-organization.js';
export * from './organizations/get-organization-usage.js';
export * from './organizations/list-organizations.js';
export * from './organizations/update-organization.js';
export * from './party-phones/answer-party-phone.js';
export * from './party-phones/answer-phone-join.js';
export * from './party-phones/get-my-phone.js';
export * from './party-phones/list-party-phones.js';
export * from './party-phones/list-phone-joins.js';
export * from './payments/cancel-cash-share.js';
export * from './payments/get-session-bill.js';
export * from './payments/guest-checkout.js';
export * from './payments/list-payments.js';
export * from './payments/print-guest-receipt.js';
export * from './payments/print-receipt-at-venue.js';
export * from './payments/process-payment.js';
export * from './payments/stripe-webhook.js';
export * from './payments/take-table-payment.js';
export * from './payments/update-order-payment.js';
export * from './print/print-receipt.js';
export * from './print/reprint-kitchen-tickets.js';
export * from './print-jobs/list-print-jobs.js';
export * from './print-jobs/mark-print-job-printed.js';
export * from './print-jobs/report-print-job.js';
export * from './print-jobs/reprint-print-job.js';
export * from './print-jobs/retry-print-job.js';
export * from './printers/create-printer.js';
export * from './printers/list-printers.js';
export * from './printers/printer-settings.js';
export * from './printers/remove-printer.js';
export * from './printers/report-printer-status.js';
export * from './printers/test-print.js';
export * from './printers/update-printer.js';
export * from './qa/get-latest-qa-run.js';
export * from './qa/get-smoke-test.js';
export * from './qa/qa-run.js';
export * from './qa/seed-product.js';
export * from './qa/start-qa-run.js';
export * from './reservations/check-in-reservation.js';
export * from './reservations/create-reservation.js';
export * from './reservations/get-bookable-times.js';
export * from './reservations/get-reservation.js';
export * from './reservations/list-reservations.js';
export * from './reservations/list-reservations-of-date.js';
export * from './reservations/modify-reservation.js';
export * from './reservations/seat-reservation.js';
export * from './restaurants/create-restaurant.js';
export * from './restaurants/list-restaurants.js';
export * from './restaurants/set-restaurant-logo.js';
export * from './restaurants/update-restaurant.js';
export * from './runner/change-runner-order-status.js';
export * from './runner/create-delivery-run.js';
export * from './runner/list-delivery-runs.js';
export * from './runner/list-runner-orders.js';
export * from './runner/list-runners.js';
export * from './screen-buttons.js';
export * from './seat-requests/decide-seat-request.js';
export * from './seat-requests/list-seat-requests.js';
export * from './seat-requests/set-seating-approval.js';
export * from './serve.js';
export * from './sessions/list-checkins.js';
export * from './sessions/list-checkouts.js';
export * from './sessions/recent-sessions.js';
export * from './setup/get-setup-checklist.js';
export * from './setup/record-qr-sheet.js';
export * from './staff/staff-calls.js';
export * from './staff/staff-schemas.js';
export * from './sync/get-snapshot.js';
export * from './sync/list-events.js';
export * from './sync/push-mutations.js';
export * from './tables/complete-table-qa.js';
export * from './tables/get-exit-qr.js';
export * from './tables/get-stuck-states.js';
export * from './tables/get-table-qr.js';
export * from './tables/list-table-qr-codes.js';
export * from './tables/list-tables.js';
export * from './tables/mark-departed.js';
export * from './tables/print-table-qr.js';
export * from './tables/rotate-table-qr.js';
export * from './tables/transition-table.js';
export * from './tasks/complete-task.js';
export * from './tasks/create-task.js';
export * from './tasks/list-tasks.js';
export * from './tasks/start-task.js';
export * from './terminal/dismiss-rejected-change.js';
export * from './terminal/get-terminal-status.js';
export * from './terminals/create-pairing-code.js';
export * from './terminals/create-terminal.js';
export * from './terminals/get-terminal-me.js';
export * from './terminals/list-terminals.js';
export * from './terminals/pair-with-code.js';
export * from './terminals/revoke-terminal.js';
export * from './venues/create-venue.js';
export * from './venues/get-entrance-qr.js';
export * from './venues/list-venues.js';
export * from './venues/rotate-entrance-qr.js';
export * from './venues/update-venue.js';
export * from './waitlist/add-to-waitlist.js';
export * from './waitlist/change-waitlist-status.js';
export * from './waitlist/get-waitlist-entry.js';
export * from './waitlist/list-waitlist.js';
export * from './waitlist/notify-next-party.js';
export * from './waitlist/seat-waitlist-party.js';

const BY_ID = new Map(ALL_CALLS.map((call) => [call.id, call]));

/** The call module of an id ('POST /api/tasks/:id/start'), as an outbox entry names it. */
export function callById(id: string): Call<CallSpec> | undefined {
  return BY_ID.get(id);
}
