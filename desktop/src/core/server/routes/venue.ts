// The venue's data as the staff app reads it, served from the replica, and the staff item move.
import Router from '@koa/router';
import {
  KITCHEN_VISIBLE_STATES,
  type KitchenItem,
  menuAnswer,
  STAFF_SESSION_COOKIE,
  toKitchenItem,
} from '@tablewise/shared';
import { PrintServiceError } from '../../printing/service.js';
import {
  listItemsInStates,
  listMenuItems,
  listPrinters,
  listTables,
  tableLabelsByOrder,
} from '../../sqlite/repositories/venue-data.js';
import { whoIs } from '../auth.js';
import type { LocalServerDeps, StaffState } from '../deps.js';
import { HttpError, notFound, readJson, unauthorized } from '../errors.js';

/** The print queue's refusals as HTTP answers. */
function printing<T>(fn: () => T): T {
  try {
    return fn();
  } catch (error) {
    if (error instanceof PrintServiceError) throw new HttpError(error.status, 'print_refused', error.message);
    throw error;
  }
}

export function venueRouter(deps: LocalServerDeps): Router<StaffState> {
  const router = new Router<StaffState>({ prefix: '/api' });

  // Every call below is staff-only.
  router.use(async (ctx, next) => {
    const me = whoIs(deps, ctx.cookies.get(STAFF_SESSION_COOKIE));
    if (!me) throw unauthorized();
    ctx.state.me = me;
    await next();
  });

  router.get('/menu', (ctx) => {
    const items = listMenuItems(deps.read);
    ctx.body = menuAnswer(items);
  });

  router.get('/tables', (ctx) => {
    ctx.body = listTables(deps.read);
  });

  router.get('/order-items/kitchen', (ctx) => {
    const labels = tableLabelsByOrder(deps.read);
    const items: KitchenItem[] = listItemsInStates(deps.read, KITCHEN_VISIBLE_STATES)
      .sort((a, b) => Date.parse(a.createdAt) - Date.parse(b.createdAt) || a.id.localeCompare(b.id))
      .map((item) => toKitchenItem(item, labels.get(item.orderId) ?? null));
    ctx.body = items;
  });

  router.post('/order-items/:id/status', async (ctx) => {
    const body = (await readJson(ctx)) as { status?: unknown } | null;
    const result = deps.changeItemStatus(
      ctx.params.id ?? '',
      body && typeof body === 'object' ? body.status : undefined,
    );
    if (!result.ok)
      throw new HttpError(
        result.status,
        result.status === 404 ? 'not_found' : result.status === 409 ? 'conflict' : 'invalid_field',
        result.message,
      );
    ctx.body = result.item;
  });

  router.get('/printers', (ctx) => {
    ctx.body = listPrinters(deps.read);
  });

  router.get('/print-jobs', (ctx) => {
    ctx.body = deps.printJobs();
  });

  router.post('/print-jobs/:id/retry', (ctx) => {
    const job = printing(() => deps.retryPrintJob(ctx.params.id ?? ''));
    if (!job) throw notFound('Print job');
    ctx.body = job;
  });

  router.post('/printers/:printerId/test', async (ctx) => {
    const body = (await readJson(ctx)) as { content?: unknown } | null;
    const job = printing(() =>
      deps.testPrint(ctx.params.printerId ?? '', body && typeof body === 'object' ? body.content : undefined),
    );
    if (!job) throw notFound('Printer');
    ctx.status = 201;
    ctx.body = job;
  });

  router.get('/terminal/status', (ctx) => {
    ctx.body = deps.status();
  });

  router.post('/terminal/outbox/:id/dismiss', (ctx) => {
    if (!deps.dismissRejection(ctx.params.id ?? '')) throw notFound('Rejected change');
    ctx.body = deps.status();
  });

  return router;
}
