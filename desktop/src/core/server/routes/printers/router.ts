import Router from '@koa/router';
import { listPrinters as listPrintersCall, notFound, testPrint } from '@tablewise/shared';
import { listPrinters } from '../../../sqlite/repositories/venue-data.js';
import type { LocalServerDeps, StaffState } from '../../deps.js';
import { type LocalRouter, serve } from '../../serve.js';
import { printing } from '../print-jobs/router.js';

export function printersRouter(deps: LocalServerDeps): LocalRouter {
  const router = new Router<StaffState>();

  // The state each printer last answered the print worker, not the replica's static column:
  // UNKNOWN for one this terminal has not asked (another terminal's, or printing is off).
  serve(router, deps, listPrintersCall, () => {
    const statuses = deps.printerStatuses();
    return listPrinters(deps.read).map((p) => ({ ...p, status: statuses[p.id] ?? 'UNKNOWN' }));
  });

  serve(router, deps, testPrint, async ({ params, body }) => {
    const { printerId } = params();
    const { content } = await body();
    const job = printing(() => deps.testPrint(printerId, content));
    if (!job) throw notFound('Printer');
    return job;
  });

  return router;
}
