// Payments on the terminal (issue 11). The bill and its payments are the cloud's: the terminal asks
// the cloud for them and says so when it cannot be reached. What the terminal adds is its receipt
// printer: a session's receipt, and for a cash payment the cash drawer kicked open.
import { randomUUID } from 'node:crypto';
import Router from '@koa/router';
import {
  AppError,
  type Call,
  type CallSpec,
  getSessionBill,
  guestReceiptOf,
  IDEMPOTENCY_HEADER,
  listPayments,
  MESSAGES,
  notFound,
  printGuestReceipt,
  takeTablePayment,
  updateOrderPayment,
} from '@tablewise/shared';
import type { z } from 'zod';
import { CloudUnreachable, isSuccess, messageOf } from '../../../sync/cloud-api.js';
import type { LocalServerDeps, StaffState } from '../../deps.js';
import { type LocalRouter, serve } from '../../serve.js';
import { printing } from '../print-jobs/router.js';

/** The cloud's refusal as this terminal's, with the cloud's words. */
function refusal(status: number, body: unknown): AppError {
  const message = messageOf(body) ?? MESSAGES.paymentsNeedCloud;
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
      if (error instanceof CloudUnreachable) throw new AppError(503, 'cloud_unreachable', MESSAGES.paymentsNeedCloud);
      throw error;
    }
    if (isSuccess(answer.status)) return call.answer.parse(answer.body) as z.output<S['answer']>;
    throw refusal(answer.status, answer.body);
  }

  const receipt = async (sessionId: string, printerId: string, openDrawer: boolean) => {
    const bill = await ask(getSessionBill, getSessionBill.url({ sessionId }));
    const job = printing(() => deps.printGuestReceipt(printerId, guestReceiptOf(bill, openDrawer)));
    if (!job) throw notFound('Printer');
    return job;
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
    const taken = await ask(takeTablePayment, takeTablePayment.path, input);
    if (!printerId) return { ...taken, receiptJob: null };
    const job = await receipt(input.sessionId, printerId, input.method === 'cash');
    return { ...taken, receiptJob: job };
  });
  serve(router, deps, printGuestReceipt, async ({ body }) => {
    const { sessionId, printerId, openDrawer } = await body();
    return receipt(sessionId, printerId, openDrawer);
  });
  return router;
}
