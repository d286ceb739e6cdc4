// GET /api/events: the venue's events, newest first, paged, by type (spec 2 section 7; issue 23).
import { listVenueEvents } from '@tablewise/shared';
import type { AppDeps } from '../../context.js';
import { requireVenueActor } from '../../policies/principals.js';
import { listVenueEventsNewestFirst } from '../../repositories/events.js';
import { type AppRouter, newRouter, serve } from '../http.js';

export function eventsRouter(deps: AppDeps): AppRouter {
  const router = newRouter();
  serve(router, listVenueEvents, async ({ ctx, query }) => {
    const actor = requireVenueActor(ctx);
    const page = query();
    const rows = await listVenueEventsNewestFirst(deps.db, actor.venueId, page);
    const last = rows.at(-1);
    // A full page may have more behind it: the next page starts below its oldest.
    if (last && rows.length === page.limit) ctx.set('X-Next-Before', String(last.seq));
    return rows.map((r) => ({
      id: r.id,
      seq: Number(r.seq),
      orgId: r.org_id,
      venueId: r.venue_id,
      userId: r.user_id,
      type: r.type,
      payloadJson: r.payload_json,
      createdAt: r.created_at.toISOString(),
      userName: r.user_name,
    }));
  });
  return router;
}
