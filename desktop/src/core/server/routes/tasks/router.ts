import Router from '@koa/router';
import { createTask } from '@tablewise/shared';
import type { LocalServerDeps, StaffState } from '../../deps.js';
import { type LocalRouter, serve } from '../../serve.js';

export function tasksRouter(deps: LocalServerDeps): LocalRouter {
  const router = new Router<StaffState>();
  serve(router, deps, createTask, async ({ body }) => deps.createTask(await body()));
  return router;
}
