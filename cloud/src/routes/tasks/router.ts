import { createTask } from '@tablewise/shared';
import { createTableTask } from '../../commands/tasks.js';
import type { AppDeps } from '../../context.js';
import { type AppRouter, newRouter, ok } from '../http.js';
import { pushable, servePushable } from '../pushable.js';

/** Staff create a task for a table, on the cloud or through a terminal's outbox. */
export const taskCreated = pushable(createTask, async (deps, actor, { body }, trx) =>
  ok(await createTableTask(trx, actor, await body(), deps.now()), 201),
);

export function tasksRouter(deps: AppDeps): AppRouter {
  const router = newRouter();
  servePushable(router, deps, taskCreated);
  return router;
}
