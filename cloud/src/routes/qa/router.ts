// The QA dashboard's calls (issue 26; spec 3 section 7): the seed status, Seed Test Data, and Run
// All Tests with its poll. Cloud only: the QA venue is the organization's, not a terminal's.
import { getLatestQaRun, getSmokeTest, seedProduct, startQaRun } from '@tablewise/shared';
import { inQaVenue, latestRun, openQaRun, seedQa, smokeTest } from '../../commands/qa.js';
import { scanBrokenButtons } from '../../commands/qa-buttons.js';
import { runJourneys } from '../../commands/qa-journeys.js';
import type { AppDeps } from '../../context.js';
import { requireStaff } from '../../policies/principals.js';
import { type AppRouter, mutate, newRouter, ok, serve } from '../http.js';

/** `METHOD /path` of every route the cloud serves, for the Broken Buttons scan. */
type ServedRoutes = () => ReadonlySet<string>;

export function qaRouter(deps: AppDeps, served: ServedRoutes): AppRouter {
  const router = newRouter();
  serve(router, getSmokeTest, async ({ ctx }) => smokeTest(deps.db, requireStaff(ctx)));

  serve(router, seedProduct, async ({ ctx, params }) => {
    const staff = requireStaff(ctx);
    const { product } = params();
    await mutate(ctx, deps, staff, async (trx) => ok(await seedQa(trx, staff, product, deps.now())));
    return undefined;
  });

  serve(router, startQaRun, async ({ ctx }) => {
    const staff = requireStaff(ctx);
    // Through mutate, so a repeat with the same Idempotency-Key hears the first answer and starts nothing.
    let opened: Awaited<ReturnType<typeof openQaRun>> | undefined;
    await mutate(ctx, deps, staff, async (trx) => {
      opened = await openQaRun(trx, deps, staff);
      return ok(opened.run, 201);
    });
    if (opened && ctx.response.get('Idempotent-Replayed') !== 'true') {
      const { run, venueId } = opened;
      // The journeys run on after the answer; the screen polls GET /api/admin/qa-runs/latest.
      void runJourneys(deps, inQaVenue(staff, venueId), run, async () => scanBrokenButtons(served())).catch(
        (error: unknown) => deps.log.error({ err: error, runId: run.id }, 'QA run stopped'),
      );
    }
    return undefined;
  });

  serve(router, getLatestQaRun, async ({ ctx }) => latestRun(deps.db, requireStaff(ctx)));
  return router;
}
