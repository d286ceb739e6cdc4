// For load balancers and start scripts: answers 200 once the database answers.
import { getHealth } from '@tablewise/shared';
import type { AppDeps } from '../../context.js';
import { pingDatabase } from '../../repositories/database-epoch.js';
import { type AppRouter, newRouter, serve } from '../http.js';

export function healthRouter(deps: AppDeps): AppRouter {
  const router = newRouter();
  serve(router, getHealth, async () => {
    await pingDatabase(deps.db);
    return { status: 'ok' as const };
  });
  return router;
}
