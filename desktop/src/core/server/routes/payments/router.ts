// Payments on the terminal (issue 11). The bill and the payments list are answered from the replica
// (the cloud's payments and the venue's service charge, this terminal's cash still waiting); what
// changes a payment is the cloud's, asked of it, except cash, which is taken here while the cloud is
// away. What the terminal adds is its receipt printer: a session's receipt, and for a cash payment
// the cash drawer kicked open.
import Router from '@koa/router';
import {
  AppError,
  type Bill,
  type Call,
  type CallSpec,
  DEFAULT_TIMEZONE,
  getSessionBill,
  guestReceiptOf,
  listPayments,
  listVenuePayments,
  notFound,
  PAYMENT_MESSAGES,
  type ParamsOf,
  printGuestReceipt,
  takeTablePayment,
  updateOrderPayment,
  venuePaymentsAnswer,
} from '@tablewise/shared';
import { replicaBill } from '../../../commands/payments.js';
import { listLatestPayments } from '../../../sqlite/repositories/payments.js';
import { getVenue } from '../../../sqlite/repositories/venue.js';
import { askCloud } from '../../../sync/ask-cloud.js';
import type { LocalServerDeps, StaffState } from '../../deps.js';
import { type LocalRouter, serve } from '../../serve.js';
import { printing } from '../print-jobs/router.js';

export function paymentsRouter(deps: LocalServerDeps): LocalRouter {
  const router = new Router<StaffState>();

  const ask = <S extends CallSpec>(call: Call<S>, params?: ParamsOf<S>, body?: unknown) =>
    askCloud(deps.api, call, { params, body, needsCloud: PAYMENT_MESSAGES.paymentsNeedCloud });

  const printBill = (bill: Bill, printerId: string, openDrawer: boolean) => {
    const venue = getVenue(deps.read);
    const receipt = guestReceiptOf(bill, {
      openDrawer,
      at: deps.now(),
      timezone: venue?.timezone ?? DEFAULT_TIMEZONE,
      venueName: venue?.name ?? null,
    });
    const job = printing(() => deps.printGuestReceipt(printerId, receipt));
    if (!job) throw notFound('Printer');
    return job;
  };
  /** The session's bill for a receipt: the cloud's (fresh after a payment just taken there), or the
   * replica's while the cloud is away. */
  const billToPrint = async (sessionId: string): Promise<Bill> => {
    try {
      return await ask(getSessionBill, { sessionId });
    } catch (error) {
      const local = error instanceof AppError && error.status === 503 ? replicaBill(deps.read, sessionId) : null;
      if (!local) throw error;
      return local;
    }
  };
  const receipt = async (sessionId: string, printerId: string, openDrawer: boolean) =>
    printBill(await billToPrint(sessionId), printerId, openDrawer);

  // The bill from the replica, as the cloud builds it; a session the replica does not hold (closed
  // before its last snapshot) is asked of the cloud.
  serve(router, deps, getSessionBill, ({ params }) => {
    const { sessionId } = params();
    return replicaBill(deps.read, sessionId) ?? ask(getSessionBill, { sessionId });
  });
  serve(router, deps, listPayments, () => venuePaymentsAnswer(listLatestPayments(deps.read)));
  serve(router, deps, listVenuePayments, () => venuePaymentsAnswer(listLatestPayments(deps.read)));
  serve(router, deps, updateOrderPayment, async ({ params, body }) =>
    ask(updateOrderPayment, { orderId: params().orderId }, await body()),
  );
  // Staff take cash or a card-terminal payment; with a printer named, its receipt prints there and
  // a cash payment opens the drawer.
  serve(router, deps, takeTablePayment, async ({ body }) => {
    const { printerId, paymentId: _, ...input } = await body();
    try {
      const taken = await ask(takeTablePayment, undefined, input);
      if (!printerId) return { ...taken, receiptJob: null };
      const job = await receipt(input.sessionId, printerId, input.method === 'cash');
      return { ...taken, receiptJob: job };
    } catch (error) {
      // Cash still works with the cloud away: priced from the replica's bill, queued here, it
      // reaches the cloud once when it is back.
      if (!(error instanceof AppError && error.status === 503) || input.method !== 'cash') throw error;
    }
    const { payment, receiptBill } = deps.takeCashOffline(input);
    return {
      payment,
      sessionComplete: false,
      receiptJob: printerId ? printBill(receiptBill, printerId, true) : null,
    };
  });
  serve(router, deps, printGuestReceipt, async ({ body }) => {
    const { sessionId, printerId, openDrawer } = await body();
    return receipt(sessionId, printerId, openDrawer);
  });
  return router;
}
