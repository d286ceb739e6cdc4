// Send Alert on a terminal: the alert goes out through the cloud, which tells every staff screen of
// the venue (this terminal's too, through its feed). With the cloud away, the screens this terminal
// serves still get it at once, and the answer says that only they did.
import { randomUUID } from 'node:crypto';
import Router from '@koa/router';
import { AppError, notFound, SERVICE_MESSAGES, type StaffAlert, sendStaffAlert } from '@tablewise/shared';
import { localStaffAlertEvent } from '../../../local-events.js';
import { getMeta } from '../../../sqlite/repositories/meta.js';
import { getTable } from '../../../sqlite/repositories/tables.js';
import { askCloud } from '../../../sync/ask-cloud.js';
import type { LocalServerDeps, StaffState } from '../../deps.js';
import { type LocalRouter, serve } from '../../serve.js';

export function alertsRouter(deps: LocalServerDeps): LocalRouter {
  const router = new Router<StaffState>();
  serve(router, deps, sendStaffAlert, async ({ ctx, body }) => {
    const input = await body();
    const { user } = ctx.state.me;
    const sentBy = [user.firstName, user.lastName].filter(Boolean).join(' ') || user.email;
    // Checked here first, so a wrong table is refused alike online and offline.
    const table = input.tableId ? getTable(deps.read, input.tableId) : null;
    if (input.tableId && !table) throw notFound('Table');
    try {
      return await askCloud(deps.api, sendStaffAlert, {
        body: { ...input, sentBy },
        needsCloud: SERVICE_MESSAGES.alertsNeedCloud,
      });
    } catch (error) {
      // Out of reach, the alert goes to this terminal's screens instead.
      if (!(error instanceof AppError && error.status === 503)) throw error;
    }
    const venueId = getMeta(deps.read).venueId;
    if (!venueId) throw notFound('Venue');
    const alert: StaffAlert = {
      id: randomUUID(),
      venueId,
      message: input.message,
      urgency: input.urgency,
      tableId: table?.id ?? null,
      tableNumber: table?.number ?? null,
      sentBy,
      createdAt: deps.now().toISOString(),
    };
    deps.bus.emit('live', localStaffAlertEvent(deps.read, alert, deps.now()));
    return { ...alert, reach: 'terminal' as const };
  });
  return router;
}
