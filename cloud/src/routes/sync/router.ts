import { eventsAfter, MAX_EVENTS_PAGE, snapshot } from '../../commands/sync.js';
import type { AppDeps } from '../../context.js';
import { invalidField } from '../../errors.js';
import { requireVenueActor } from '../../policies/principals.js';
import { type AppRouter, newRouter } from '../http.js';

function wholeNumber(value: unknown, field: string, fallback: number): number {
  if (value === undefined || value === '') return fallback;
  if (typeof value !== 'string' || !/^\d{1,15}$/.test(value)) throw invalidField(field, 'must be a whole number');
  return Number(value);
}

export function syncRouter(deps: AppDeps): AppRouter {
  const router = newRouter();

  router.get('/api/sync/snapshot', async (ctx) => {
    ctx.body = await snapshot(deps.db, requireVenueActor(ctx));
  });

  router.get('/api/sync/events', async (ctx) => {
    const actor = requireVenueActor(ctx);
    const after = wholeNumber(ctx.query.after, 'after', 0);
    const limit = Math.min(Math.max(wholeNumber(ctx.query.limit, 'limit', MAX_EVENTS_PAGE), 1), MAX_EVENTS_PAGE);
    ctx.body = await eventsAfter(deps.db, actor.venueId, after, limit);
  });

  return router;
}
