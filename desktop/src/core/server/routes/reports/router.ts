// The venue's history and its figures (issue 26): the cloud keeps the events and the analytics
// rollups, so the terminal asks it (503 with the reason while it is offline).
import Router from '@koa/router';
import { getAnalytics, listVenueEvents, SERVICE_MESSAGES } from '@tablewise/shared';
import { askCloud } from '../../../sync/ask-cloud.js';
import type { LocalServerDeps, StaffState } from '../../deps.js';
import { type LocalRouter, serve } from '../../serve.js';

export function reportsRouter(deps: LocalServerDeps): LocalRouter {
  const router = new Router<StaffState>();
  serve(router, deps, listVenueEvents, ({ query }) => {
    const { type, limit, before } = query();
    return askCloud(deps.api, listVenueEvents, {
      query: {
        limit: String(limit),
        ...(type === undefined ? {} : { type }),
        ...(before === undefined ? {} : { before: String(before) }),
      },
      needsCloud: SERVICE_MESSAGES.historyNeedsCloud,
    });
  });
  serve(router, deps, getAnalytics, ({ query }) =>
    askCloud(deps.api, getAnalytics, { query: query(), needsCloud: SERVICE_MESSAGES.historyNeedsCloud }),
  );
  return router;
}
