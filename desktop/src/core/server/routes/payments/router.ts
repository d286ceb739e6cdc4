// Payments on the terminal (issue 11): a session's receipt on a receipt printer this terminal
// drives, the cash drawer kicked open for a cash payment. The bill is the cloud's.
import Router from '@koa/router';
import { AppError, getSessionBill, guestReceiptOf, MESSAGES, notFound, printGuestReceipt } from '@tablewise/shared';
import { CloudUnreachable, isSuccess, messageOf } from '../../../sync/cloud-api.js';
import type { LocalServerDeps, StaffState } from '../../deps.js';
import { type LocalRouter, serve } from '../../serve.js';
import { printing } from '../print-jobs/router.js';

export function paymentsRouter(deps: LocalServerDeps): LocalRouter {
  const router = new Router<StaffState>();
  const billOf = async (sessionId: string) => {
    let answer: Awaited<ReturnType<typeof deps.api.request>>;
    try {
      answer = await deps.api.request('GET', getSessionBill.url({ sessionId }));
    } catch (error) {
      if (error instanceof CloudUnreachable) throw new AppError(503, 'cloud_unreachable', MESSAGES.receiptNeedsCloud);
      throw error;
    }
    if (isSuccess(answer.status)) return getSessionBill.answer.parse(answer.body);
    if (answer.status === 404) throw notFound('Order');
    throw new AppError(502, 'cloud_unreachable', messageOf(answer.body) ?? MESSAGES.receiptNeedsCloud);
  };

  serve(router, deps, printGuestReceipt, async ({ body }) => {
    const { sessionId, printerId, openDrawer } = await body();
    const bill = await billOf(sessionId);
    const job = printing(() => deps.printGuestReceipt(printerId, guestReceiptOf(bill, openDrawer)));
    if (!job) throw notFound('Printer');
    return job;
  });
  return router;
}
