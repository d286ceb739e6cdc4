import { getSnapshot, listEvents } from '@tablewise/shared';
import { eventsAfter, snapshot } from '../../commands/sync.js';
import type { AppDeps } from '../../context.js';
import { requireVenueActor } from '../../policies/principals.js';
import { type AppRouter, newRouter, serve } from '../http.js';

export function syncRouter(deps: AppDeps): AppRouter {
  const router = newRouter();

  serve(router, getSnapshot, async ({ ctx }) => snapshot(deps.db, requireVenueActor(ctx)));

  serve(router, listEvents, async ({ ctx, query }) => {
    const actor = requireVenueActor(ctx);
    const { after, limit } = query();
    return eventsAfter(deps.db, actor.venueId, after, limit);
  });

  return router;
}
