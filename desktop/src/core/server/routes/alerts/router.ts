// Send Alert on a terminal: the alert goes out through the cloud, which tells every staff screen of
// the venue (this terminal's too, through its feed). With the cloud away, the screens this terminal
// serves still get it at once, and the answer says that only they did.
import { randomUUID } from 'node:crypto';
import Router from '@koa/router';
import { AppError, IDEMPOTENCY_HEADER, notFound, type StaffAlert, sendStaffAlert } from '@tablewise/shared';
import { localStaffAlertEvent } from '../../../local-events.js';
import { getMeta } from '../../../sqlite/repositories/meta.js';
import { getTable } from '../../../sqlite/repositories/venue-data.js';
import { CloudUnreachable, isSuccess, messageOf } from '../../../sync/cloud-api.js';
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
      const answer = await deps.api.request('POST', sendStaffAlert.path, {
        body: { ...input, sentBy },
        headers: { [IDEMPOTENCY_HEADER]: randomUUID() },
      });
      if (isSuccess(answer.status)) return sendStaffAlert.answer.parse(answer.body);
      throw new AppError(
        answer.status === 404 ? 404 : 502,
        answer.status === 404 ? 'not_found' : 'cloud_unreachable',
        messageOf(answer.body) ?? `Cloud answered ${answer.status}`,
      );
    } catch (error) {
      if (!(error instanceof CloudUnreachable)) throw error;
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
