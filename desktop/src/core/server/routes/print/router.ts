// Receipts and kitchen-ticket reprints (issue 10): printed by this terminal's print queue, on the
// printers it drives. A request's Idempotency-Key makes a repeat answer the first job(s).
import Router from '@koa/router';
import {
  conflict,
  DEFAULT_TIMEZONE,
  IDEMPOTENCY_HEADER,
  notFound,
  printReceipt,
  reprintKitchenTickets,
  SERVICE_MESSAGES,
} from '@tablewise/shared';
import { orderExists } from '../../../sqlite/repositories/orders.js';
import { getVenue } from '../../../sqlite/repositories/venue.js';
import type { LocalServerDeps, StaffState } from '../../deps.js';
import { type LocalCtx, type LocalRouter, serve } from '../../serve.js';
import { printing } from '../print-jobs/router.js';

function idempotencyKey(ctx: LocalCtx): string | undefined {
  const key = ctx.get(IDEMPOTENCY_HEADER).trim();
  return key === '' ? undefined : key.slice(0, 200);
}

export function printRouter(deps: LocalServerDeps): LocalRouter {
  const router = new Router<StaffState>();

  serve(router, deps, printReceipt, async ({ ctx, body }) => {
    const { type, data, printerId } = await body();
    const dedupeKey = idempotencyKey(ctx);
    // Times are shown in the venue's zone unless the data names another.
    const timezone = data.timezone ?? getVenue(deps.read)?.timezone ?? DEFAULT_TIMEZONE;
    const job = printing(() =>
      deps.printReceipt({
        kind: type,
        data: { ...data, timezone },
        ...(printerId !== undefined ? { printerId } : {}),
        ...(dedupeKey ? { dedupeKey } : {}),
      }),
    );
    if (!job) throw notFound('Printer');
    return job;
  });

  serve(router, deps, reprintKitchenTickets, ({ ctx, params }) => {
    const { id } = params();
    if (!orderExists(deps.read, id)) throw notFound('Order');
    const jobs = deps.reprintKitchenTickets(id, idempotencyKey(ctx));
    if (jobs === null) throw notFound('Printer');
    if (jobs.length === 0) throw conflict(SERVICE_MESSAGES.orderHasNoTickets);
    return jobs;
  });

  return router;
}
