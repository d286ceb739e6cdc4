import { sendStaffAlert } from '@tablewise/shared';
import { sendAlert } from '../../commands/alerts.js';
import type { AppDeps } from '../../context.js';
import { requireVenueActor } from '../../policies/principals.js';
import { type AppRouter, mutate, newRouter, ok, serve } from '../http.js';

export function alertsRouter(deps: AppDeps): AppRouter {
  const router = newRouter();
  // A repeat with the same Idempotency-Key answers the alert it sent instead of sending another.
  serve(router, sendStaffAlert, async ({ ctx, body }) => {
    const actor = requireVenueActor(ctx);
    const input = await body();
    await mutate(ctx, deps, actor, async (trx) =>
      ok({ ...(await sendAlert(trx, actor, input, deps.now())), reach: 'venue' }, 201),
    );
    return undefined;
  });
  return router;
}
