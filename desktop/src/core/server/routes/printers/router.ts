import Router from '@koa/router';
import { listPrinters as listPrintersCall, notFound, testPrint } from '@tablewise/shared';
import { listPrinters } from '../../../sqlite/repositories/venue-data.js';
import type { LocalServerDeps, StaffState } from '../../deps.js';
import { type LocalRouter, serve } from '../../serve.js';
import { printing } from '../print-jobs/router.js';

export function printersRouter(deps: LocalServerDeps): LocalRouter {
  const router = new Router<StaffState>();

  serve(router, deps, listPrintersCall, () => listPrinters(deps.read));

  serve(router, deps, testPrint, async ({ params, body }) => {
    const { printerId } = params();
    const { content } = await body();
    const job = printing(() => deps.testPrint(printerId, content));
    if (!job) throw notFound('Printer');
    return job;
  });

  return router;
}
