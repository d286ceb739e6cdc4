import { listPrintJobs, reportPrintJob } from '@tablewise/shared';
import { recentPrintJobs, reportJob } from '../../commands/printing.js';
import type { AppDeps } from '../../context.js';
import { requireStaff, requireTerminal } from '../../policies/principals.js';
import { type AppRouter, mutate, newRouter, ok, serve } from '../http.js';

export function printJobsRouter(deps: AppDeps): AppRouter {
  const router = newRouter();

  serve(router, listPrintJobs, async ({ ctx }) => recentPrintJobs(deps.db, requireStaff(ctx), deps.now()));

  serve(router, reportPrintJob, async ({ ctx, params, body }) => {
    const terminal = requireTerminal(ctx);
    await mutate(ctx, deps, terminal, async (trx) => {
      // Inside the mutation so a malformed report still takes its sequence number.
      const { id } = params();
      return ok(await reportJob(trx, terminal, id, await body()));
    });
    return undefined;
  });

  return router;
}
