// For load balancers, orchestrators and start scripts. /api/health answers 200 once the database
// answers (the original probe); /api/health/live says the process serves at all; /api/health/ready
// says whether to send it traffic now (ops/readiness.ts), 503 not_ready naming what failed.
import { AppError, getHealth, getLiveness, getReadiness, MESSAGES } from '@tablewise/shared';
import type { AppDeps } from '../../context.js';
import { Readiness } from '../../ops/readiness.js';
import { pingDatabase } from '../../repositories/database-epoch.js';
import { type AppRouter, newRouter, serve } from '../http.js';

export function healthRouter(deps: AppDeps): AppRouter {
  const router = newRouter();
  const readiness = deps.readiness ?? new Readiness(deps.db, { started: true, draining: false }, deps.log);
  serve(router, getHealth, async () => {
    await pingDatabase(deps.db);
    return { status: 'ok' as const };
  });
  serve(router, getLiveness, async () => ({
    status: 'alive' as const,
    uptimeSeconds: Math.round((Date.now() - readiness.startedAt) / 1000),
  }));
  serve(router, getReadiness, async ({ ctx }) => {
    const { ready, checks, failed } = await readiness.check();
    ctx.set('Cache-Control', 'no-store');
    if (!ready) throw new AppError(503, 'not_ready', MESSAGES.notReady(failed), { status: 'not_ready', checks });
    return { status: 'ready' as const, checks };
  });
  return router;
}
