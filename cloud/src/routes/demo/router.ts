// POST /api/demo/populate: Load Demo Data at a demo or QA venue (spec 2 section 2.1; issue 23).
import { populateDemo as populateDemoCall } from '@tablewise/shared';
import { populateDemo } from '../../commands/demo.js';
import type { AppDeps } from '../../context.js';
import { requireStaff } from '../../policies/principals.js';
import { type AppRouter, mutate, newRouter, ok, serve } from '../http.js';

export function demoRouter(deps: AppDeps): AppRouter {
  const router = newRouter();
  serve(router, populateDemoCall, async ({ ctx }) => {
    const staff = requireStaff(ctx);
    await mutate(ctx, deps, staff, async (trx) => ok(await populateDemo(trx, staff, deps.now())));
    return undefined;
  });
  return router;
}
