// For load balancers and start scripts: answers 200 once the database answers.
import type { AppDeps } from '../../context.js';
import { type AppRouter, newRouter } from '../http.js';

export function healthRouter(deps: AppDeps): AppRouter {
  const router = newRouter();
  router.get('/api/health', async (ctx) => {
    await deps.db.raw('select 1');
    ctx.body = { status: 'ok' };
  });
  return router;
}
