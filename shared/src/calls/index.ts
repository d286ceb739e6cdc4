// Every call of the API, one module each. A new call is a new module here and in ALL_CALLS.

import { sendStaffAlert } from './alerts/send-staff-alert.js';
import { getMe } from './auth/get-me.js';
import { login } from './auth/login.js';
import { logout } from './auth/logout.js';
import type { Call, CallSpec } from './define.js';
import { guestCheckin } from './guest/checkin.js';
import { confirmTable, updateGuestSession } from './guest/confirm-table.js';
import { getGuestSession } from './guest/get-guest-session.js';
import { getGuestWaitlistStatus } from './guest/get-guest-waitlist-status.js';
import { holdTable, releaseTable } from './guest/hold-table.js';
import { listGuestOrders } from './guest/list-guest-orders.js';
import { listGuestTables } from './guest/list-guest-tables.js';
import { scanEntrance } from './guest/scan-entrance.js';
import { scanTable } from './guest/scan-table.js';
import { getHealth } from './health/get-health.js';
import { getMenu } from './menu/get-menu.js';
import { getOpenApi } from './openapi/get-openapi.js';
import { changeItemStatus } from './order-items/change-item-status.js';
import { getOrderItem } from './order-items/get-order-item.js';
import { listKitchenItems } from './order-items/list-kitchen-items.js';
import { createOrder } from './orders/create-order.js';
import { listOrders } from './orders/list-orders.js';
import { getSessionBill } from './payments/get-session-bill.js';
import { guestCheckout } from './payments/guest-checkout.js';
import { listPayments } from './payments/list-payments.js';
import { printGuestReceipt } from './payments/print-guest-receipt.js';
import { processPayment } from './payments/process-payment.js';
import { stripeWebhook } from './payments/stripe-webhook.js';
import { takeTablePayment } from './payments/take-table-payment.js';
import { updateOrderPayment } from './payments/update-order-payment.js';
import { listPrintJobs } from './print-jobs/list-print-jobs.js';
import { markPrintJobPrinted } from './print-jobs/mark-print-job-printed.js';
import { reportPrintJob } from './print-jobs/report-print-job.js';
import { reprintPrintJob } from './print-jobs/reprint-print-job.js';
import { retryPrintJob } from './print-jobs/retry-print-job.js';
import { listPrinters } from './printers/list-printers.js';
import { reportPrinterStatus } from './printers/report-printer-status.js';
import { testPrint } from './printers/test-print.js';
import { updatePrinter } from './printers/update-printer.js';
import { checkInReservation } from './reservations/check-in-reservation.js';
import { createReservation } from './reservations/create-reservation.js';
import { getBookableTimes } from './reservations/get-bookable-times.js';
import { getReservation } from './reservations/get-reservation.js';
import { listReservations } from './reservations/list-reservations.js';
import { seatReservation } from './reservations/seat-reservation.js';
import { getSnapshot } from './sync/get-snapshot.js';
import { listEvents } from './sync/list-events.js';
import { pushMutations } from './sync/push-mutations.js';
import { getTableQr } from './tables/get-table-qr.js';
import { listTables } from './tables/list-tables.js';
import { printTableQr } from './tables/print-table-qr.js';
import { rotateTableQr } from './tables/rotate-table-qr.js';
import { createTask } from './tasks/create-task.js';
import { dismissRejectedChange } from './terminal/dismiss-rejected-change.js';
import { getTerminalStatus } from './terminal/get-terminal-status.js';
import { createTerminal } from './terminals/create-terminal.js';
import { getTerminalMe } from './terminals/get-terminal-me.js';
import { revokeTerminal } from './terminals/revoke-terminal.js';
import { addToWaitlist } from './waitlist/add-to-waitlist.js';
import { changeWaitlistStatus } from './waitlist/change-waitlist-status.js';
import { getWaitlistEntry } from './waitlist/get-waitlist-entry.js';
import { listWaitlist } from './waitlist/list-waitlist.js';
import { seatWaitlistParty } from './waitlist/seat-waitlist-party.js';

export const ALL_CALLS: readonly Call<CallSpec>[] = [
  getHealth,
  getOpenApi,
  login,
  logout,
  getMe,
  createTerminal,
  getTerminalMe,
  revokeTerminal,
  scanTable,
  scanEntrance,
  guestCheckin,
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
  getBookableTimes,
  getReservation,
  createReservation,
  checkInReservation,
  seatReservation,
  listGuestTables,
  holdTable,
  releaseTable,
  confirmTable,
  updateGuestSession,
  getGuestWaitlistStatus,
  createTask,
  sendStaffAlert,
  getSessionBill,
  processPayment,
  listPayments,
  updateOrderPayment,
  takeTablePayment,
  guestCheckout,
  stripeWebhook,
  printGuestReceipt,
];

export * from './alerts/send-staff-alert.js';
export * from './auth/get-me.js';
export * from './auth/login.js';
export * from './auth/logout.js';
export * from './define.js';
export * from './guest/checkin.js';
export * from './guest/confirm-table.js';
export * from './guest/get-guest-session.js';
export * from './guest/get-guest-waitlist-status.js';
export * from './guest/hold-table.js';
export * from './guest/list-guest-orders.js';
export * from './guest/list-guest-tables.js';
export * from './guest/scan-answer.js';
export * from './guest/scan-entrance.js';
export * from './guest/scan-table.js';
export * from './health/get-health.js';
export * from './menu/get-menu.js';
export * from './openapi/get-openapi.js';
export * from './order-items/change-item-status.js';
export * from './order-items/get-order-item.js';
export * from './order-items/list-kitchen-items.js';
export * from './orders/create-order.js';
export * from './orders/list-orders.js';
export * from './orders/order-facts.js';
export * from './payments/get-session-bill.js';
export * from './payments/guest-checkout.js';
export * from './payments/list-payments.js';
export * from './payments/print-guest-receipt.js';
export * from './payments/process-payment.js';
export * from './payments/stripe-webhook.js';
export * from './payments/take-table-payment.js';
export * from './payments/update-order-payment.js';
export * from './print-jobs/list-print-jobs.js';
export * from './print-jobs/mark-print-job-printed.js';
export * from './print-jobs/report-print-job.js';
export * from './print-jobs/reprint-print-job.js';
export * from './print-jobs/retry-print-job.js';
export * from './printers/list-printers.js';
export * from './printers/report-printer-status.js';
export * from './printers/test-print.js';
export * from './printers/update-printer.js';
export * from './reservations/check-in-reservation.js';
export * from './reservations/create-reservation.js';
export * from './reservations/get-bookable-times.js';
export * from './reservations/get-reservation.js';
export * from './reservations/list-reservations.js';
export * from './reservations/seat-reservation.js';
export * from './serve.js';
export * from './sync/get-snapshot.js';
export * from './sync/list-events.js';
export * from './sync/push-mutations.js';
export * from './tables/get-table-qr.js';
export * from './tables/list-tables.js';
export * from './tables/print-table-qr.js';
export * from './tables/rotate-table-qr.js';
export * from './tasks/create-task.js';
export * from './terminal/dismiss-rejected-change.js';
export * from './terminal/get-terminal-status.js';
export * from './terminals/create-terminal.js';
export * from './terminals/get-terminal-me.js';
export * from './terminals/revoke-terminal.js';
export * from './waitlist/add-to-waitlist.js';
export * from './waitlist/change-waitlist-status.js';
export * from './waitlist/get-waitlist-entry.js';
export * from './waitlist/list-waitlist.js';
export * from './waitlist/seat-waitlist-party.js';
