import Router from '@koa/router';
import { listPrinters as listPrintersCall, notFound, testPrint } from '@tablewise/shared';
import { getMeta } from '../../../sqlite/repositories/meta.js';
import { listPrinters } from '../../../sqlite/repositories/printers.js';
import type { LocalServerDeps, StaffState } from '../../deps.js';
import { type LocalRouter, serve } from '../../serve.js';
import { printing } from '../print-jobs/router.js';

export function printersRouter(deps: LocalServerDeps): LocalRouter {
  const router = new Router<StaffState>();

  // A printer this terminal drives: the state it last answered the print worker (UNKNOWN until
  // asked). Another terminal's: what that terminal last reported through the cloud.
  serve(router, deps, listPrintersCall, () => {
    const statuses = deps.printerStatuses();
    const self = getMeta(deps.read).terminalId;
    return listPrinters(deps.read).map((p) =>
      p.terminalId === self ? { ...p, status: statuses[p.id] ?? 'UNKNOWN' } : p,
    );
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
