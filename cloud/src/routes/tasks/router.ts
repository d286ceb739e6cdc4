import { completeTask, createTask, listTasks, startTask } from '@tablewise/shared';
import { completeVenueTask, createTableTask, startVenueTask, venueTasks } from '../../commands/cleaning.js';
import type { AppDeps } from '../../context.js';
import { requireVenueActor } from '../../policies/principals.js';
import { type AppRouter, newRouter, ok, serve } from '../http.js';
import { pushable, servePushable } from '../pushable.js';

/** Staff create a task for a table, on the cloud or through a terminal's outbox. */
export const taskCreated = pushable(createTask, async (deps, actor, { body }, trx) =>
  ok(await createTableTask(trx, actor, await body(), deps.now()), 201),
);

/** A cleaner starts a task, on the cloud or through a terminal's outbox. */
export const taskStarted = pushable(startTask, async (deps, actor, { params, body }, trx) =>
  ok(await startVenueTask(trx, actor, params().id, await body(), deps.now())),
);

/** A cleaner completes a task (a CLEAN task's table goes to QA_CHECK), on the cloud or through a
 * terminal's outbox. */
export const taskCompleted = pushable(completeTask, async (deps, actor, { params, body }, trx) => {
  const { qaTaskId } = await body();
  return ok(await completeVenueTask(trx, actor, params().id, deps.now(), qaTaskId));
});

export function tasksRouter(deps: AppDeps): AppRouter {
  const router = newRouter();
  serve(router, listTasks, async ({ ctx, query }) => venueTasks(deps.db, requireVenueActor(ctx), query(), deps.now()));
  servePushable(router, deps, taskCreated);
  servePushable(router, deps, taskStarted);
  servePushable(router, deps, taskCompleted);
  return router;
}
