import Router from '@koa/router';
import { completeTask, createTask, listTasks, startTask, tasksAnswer } from '@tablewise/shared';
import { listTasks as listReplicaTasks } from '../../../sqlite/repositories/tasks.js';
import type { LocalServerDeps, StaffState } from '../../deps.js';
import { type LocalRouter, serve } from '../../serve.js';

export function tasksRouter(deps: LocalServerDeps): LocalRouter {
  const router = new Router<StaffState>();
  serve(router, deps, listTasks, ({ query }) => tasksAnswer(listReplicaTasks(deps.read), query(), deps.now()));
  serve(router, deps, createTask, async ({ ctx, body }) => deps.createTask(await body(), ctx.state.me.user.id));
  serve(router, deps, startTask, ({ ctx, params }) => deps.startTask(params().id, ctx.state.me.user.id));
  serve(router, deps, completeTask, ({ ctx, params }) => deps.completeTask(params().id, ctx.state.me.user.id));
  return router;
}
