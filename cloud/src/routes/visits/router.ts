// GET /api/checkin and GET /api/checkout: recent check-ins and check-outs (spec 1 section 7).
import { listCheckins, listCheckouts } from '@tablewise/shared';
import { recentCheckins, recentCheckouts } from '../../commands/visits.js';
import type { AppDeps } from '../../context.js';
import { requireStaff } from '../../policies/principals.js';
import { type AppRouter, newRouter, serve } from '../http.js';

export function visitsRouter(deps: AppDeps): AppRouter {
  const router = newRouter();
  serve(router, listCheckins, async ({ ctx, query }) =>
    recentCheckins(deps.db, requireStaff(ctx), query(), deps.now()),
  );
  serve(router, listCheckouts, async ({ ctx, query }) =>
    recentCheckouts(deps.db, requireStaff(ctx), query(), deps.now()),
  );
  return router;
}
