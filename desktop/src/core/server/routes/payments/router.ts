// Payments on the terminal (issue 11). The bill and its payments are the cloud's: the terminal asks
// the cloud for them and says so when it cannot be reached. What the terminal adds is its receipt
// printer: a session's receipt, and for a cash payment the cash drawer kicked open.
import { randomUUID } from 'node:crypto';
import Router from '@koa/router';
import {
  AppError,
  assembleOrders,
  type Bill,
  billAnswer,
  type Call,
  type CallSpec,
  DEFAULT_CURRENCY,
  DEFAULT_TIMEZONE,
  getSessionBill,
  guestReceiptOf,
  IDEMPOTENCY_HEADER,
  listPayments,
  notFound,
  PAYMENT_MESSAGES,
  printGuestReceipt,
  takeTablePayment,
  updateOrderPayment,
} from '@tablewise/shared';
import type { z } from 'zod';
import { getVenue, listOrderFacts } from '../../../sqlite/repositories/venue-data.js';
import { CloudUnreachable, isSuccess, messageOf } from '../../../sync/cloud-api.js';
import type { LocalServerDeps, StaffState } from '../../deps.js';
import { type LocalRouter, serve } from '../../serve.js';
import { printing } from '../print-jobs/router.js';

/** The cloud's refusal as this terminal's, with the cloud's words. */
function refusal(status: number, body: unknown): AppError {
  const message = messageOf(body) ?? PAYMENT_MESSAGES.paymentsNeedCloud;
  switch (status) {
    case 400:
      return new AppError(400, 'bad_request', message);
    case 402:
      return new AppError(402, 'payment_failed', message);
    case 404:
      return new AppError(404, 'not_found', message);
    case 409:
      return new AppError(409, 'conflict', message);
    default:
      return new AppError(502, 'cloud_unreachable', message);
  }
}

export function paymentsRouter(deps: LocalServerDeps): LocalRouter {
  const router = new Router<StaffState>();

  async function ask<S extends CallSpec>(call: Call<S>, path: string, body?: unknown): Promise<z.output<S['answer']>> {
    let answer: Awaited<ReturnType<typeof deps.api.request>>;
    try {
      answer = await deps.api.request(call.method, path, {
        ...(body === undefined ? {} : { body, headers: { [IDEMPOTENCY_HEADER]: randomUUID() } }),
      });
    } catch (error) {
      if (error instanceof CloudUnreachable)
        throw new AppError(503, 'cloud_unreachable', PAYMENT_MESSAGES.paymentsNeedCloud);
      throw error;
    }
    if (isSuccess(answer.status)) return call.answer.parse(answer.body) as z.output<S['answer']>;
    throw refusal(answer.status, answer.body);
  }

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
  const receipt = async (sessionId: string, printerId: string, openDrawer: boolean) =>
    printBill(await ask(getSessionBill, getSessionBill.url({ sessionId })), printerId, openDrawer);

  /** The session's bill from this terminal's replica: its orders (the cloud alone knows payments
   * and the venue's service charge), for cash taken while the cloud is away. */
  const localBill = (sessionId: string): Bill => {
    const { orders, items } = listOrderFacts(deps.read);
    const mine = assembleOrders(
      orders.filter((o) => o.sessionId === sessionId),
      items,
    );
    const first = mine[0];
    if (!first) throw notFound('Order');
    return billAnswer({
      sessionId,
      tableId: first.tableId,
      tableName: first.tableName,
      orders: mine,
      payments: [],
      serviceChargeBps: 0,
      currency: DEFAULT_CURRENCY,
      demoPayments: false,
    });
  };

  serve(router, deps, getSessionBill, ({ params }) =>
    ask(getSessionBill, getSessionBill.url({ sessionId: params().sessionId })),
  );
  serve(router, deps, listPayments, () => ask(listPayments, listPayments.path));
  serve(router, deps, updateOrderPayment, async ({ params, body }) =>
    ask(updateOrderPayment, updateOrderPayment.url({ orderId: params().orderId }), await body()),
  );
  // Staff take cash or a card-terminal payment; with a printer named, its receipt prints there and
  // a cash payment opens the drawer.
  serve(router, deps, takeTablePayment, async ({ body }) => {
    const { printerId, ...input } = await body();
    try {
      const taken = await ask(takeTablePayment, takeTablePayment.path, input);
      if (!printerId) return { ...taken, receiptJob: null };
      const job = await receipt(input.sessionId, printerId, input.method === 'cash');
      return { ...taken, receiptJob: job };
    } catch (error) {
      // Cash still works with the cloud away: queued here, it reaches the cloud once when it is back.
      if (!(error instanceof AppError && error.status === 503) || input.method !== 'cash') throw error;
    }
    const bill = localBill(input.sessionId);
    const payment = deps.takeCashOffline({
      sessionId: input.sessionId,
      tableId: bill.tableId,
      tableName: bill.tableName,
      orderId: bill.orderIds.at(-1) ?? null,
      amount: input.amount ?? bill.total,
      tipAmount: input.tipAmount,
    });
    const paid = billAnswer({
      sessionId: bill.sessionId,
      tableId: bill.tableId,
      tableName: bill.tableName,
      orders: [],
      payments: [{ ...payment, status: 'COMPLETED' }],
      serviceChargeBps: 0,
      currency: DEFAULT_CURRENCY,
      demoPayments: false,
    });
    const shown: Bill = { ...bill, paid: paid.paid, tips: paid.tips, payments: paid.payments };
    return { payment, sessionComplete: false, receiptJob: printerId ? printBill(shown, printerId, true) : null };
  });
  serve(router, deps, printGuestReceipt, async ({ body }) => {
    const { sessionId, printerId, openDrawer } = await body();
    return receipt(sessionId, printerId, openDrawer);
  });
  return router;
}
