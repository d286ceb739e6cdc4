import { listPrintJobs, reportPrintJob } from '@tablewise/shared';
import { recentPrintJobs, reportJob, reportJobs } from '../../commands/printing.js';
import type { AppDeps } from '../../context.js';
import { AppError } from '../../errors.js';
import { requireStaff } from '../../policies/principals.js';
import { type AppRouter, newRouter, ok, serve } from '../http.js';
import { pushable, servePushable, terminalOnly } from '../pushable.js';

/**
 * A terminal's report of a print job it made or whose state moved; what its outbox carries. A
 * ticket's reports (made, printing, printed) follow each other in the outbox: a push runs them
 * together.
 */
export const printJobReport = pushable(
  reportPrintJob,
  async (_deps, actor, { params, body }, trx) => {
    const terminal = terminalOnly(actor);
    const { id } = params();
    return ok(await reportJob(trx, terminal, id, await body()));
  },
  async (_deps, actor, inputs, trx) => {
    const terminal = terminalOnly(actor);
    // Input the call's schemas refuse is refused in its place, as the effect alone would.
    type Report = Parameters<typeof reportJobs>[2][number];
    const parsed: (Report | AppError)[] = [];
    for (const { params, body } of inputs) {
      try {
        parsed.push({ jobId: params().id, report: await body() });
      } catch (error) {
        if (!(error instanceof AppError)) throw error;
        parsed.push(error);
      }
    }
    const reported = (
      await reportJobs(
        trx,
        terminal,
        parsed.filter((p): p is Report => !(p instanceof AppError)),
      )
    ).values();
    return parsed.map((p) => {
      if (p instanceof AppError) return p;
      const outcome = reported.next().value as Awaited<ReturnType<typeof reportJob>> | AppError;
      return outcome instanceof AppError ? outcome : ok(outcome);
    });
  },
);

export function printJobsRouter(deps: AppDeps): AppRouter {
  const router = newRouter();

  serve(router, listPrintJobs, async ({ ctx }) => recentPrintJobs(deps.db, requireStaff(ctx), deps.now()));

  servePushable(router, deps, printJobReport);

  return router;
}
