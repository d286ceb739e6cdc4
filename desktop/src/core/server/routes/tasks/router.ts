import Router from '@koa/router';
import { completeTask, createTask, listTasks, startTask, tasksAnswer } from '@tablewise/shared';
import { listTasks as listReplicaTasks } from '../../../sqlite/repositories/tasks.js';
import type { LocalServerDeps, StaffState } from '../../deps.js';
import { type LocalRouter, serve } from '../../serve.js';

export function tasksRouter(deps: LocalServerDeps): LocalRouter {
  const router = new Router<StaffState>();
  serve(router, deps, listTasks, ({ query }) => tasksAnswer(listReplicaTasks(deps.read), query(), deps.now()));
  serve(router, deps, createTask, async ({ body }) => deps.createTask(await body()));
  serve(router, deps, startTask, ({ params }) => deps.startTask(params().id));
  serve(router, deps, completeTask, ({ params }) => deps.completeTask(params().id));
  return router;
}
