import { listPrintJobs, reportPrintJob } from '@tablewise/shared';
import { recentPrintJobs, reportJob } from '../../commands/printing.js';
import type { AppDeps } from '../../context.js';
import { requireStaff } from '../../policies/principals.js';
import { type AppRouter, newRouter, ok, serve } from '../http.js';
import { pushable, servePushable, terminalOnly } from '../pushable.js';

/** A terminal's report of a print job it made or whose state moved; what its outbox carries. */
export const printJobReport = pushable(reportPrintJob, async (_deps, actor, { params, body }, trx) => {
  const terminal = terminalOnly(actor);
  const { id } = params();
  return ok(await reportJob(trx, terminal, id, await body()));
});

export function printJobsRouter(deps: AppDeps): AppRouter {
  const router = newRouter();

  serve(router, listPrintJobs, async ({ ctx }) => recentPrintJobs(deps.db, requireStaff(ctx), deps.now()));

  servePushable(router, deps, printJobReport);

  return router;
}
