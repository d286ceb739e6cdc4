// GET /api/analytics: the venue's figures from the rollups (issue 26), VIEW_ANALYTICS.
import { getAnalytics } from '@tablewise/shared';
import { venueAnalytics } from '../../commands/analytics.js';
import type { AppDeps } from '../../context.js';
import { requireVenueActor } from '../../policies/principals.js';
import { type AppRouter, newRouter, serve } from '../http.js';

export function analyticsRouter(deps: AppDeps): AppRouter {
  const router = newRouter();
  serve(router, getAnalytics, async ({ ctx, query }) =>
    venueAnalytics(deps.db, requireVenueActor(ctx).venueId, query(), deps.now()),
  );
  return router;
}
