import Router from '@koa/router';
import { AVAILABLE_TABLE_STATES, listTables as listTablesCall, tablesAnswer } from '@tablewise/shared';
import { listTables } from '../../../sqlite/repositories/venue-data.js';
import type { LocalServerDeps, StaffState } from '../../deps.js';
import { type LocalRouter, serve } from '../../serve.js';

export function tablesRouter(deps: LocalServerDeps): LocalRouter {
  const router = new Router<StaffState>();
  serve(router, deps, listTablesCall, ({ query }) =>
    tablesAnswer(listTables(deps.read), query(), 'staff', (t) => AVAILABLE_TABLE_STATES.includes(t.state)),
  );
  return router;
}
