import Router from '@koa/router';
import {
  AppError,
  AVAILABLE_TABLE_STATES,
  getTableQr,
  listTables as listTablesCall,
  notFound,
  SHELL_MESSAGES,
  tablesAnswer,
} from '@tablewise/shared';
import { listTables } from '../../../sqlite/repositories/venue-data.js';
import { CloudUnreachable, isSuccess, messageOf } from '../../../sync/cloud-api.js';
import type { LocalServerDeps, StaffState } from '../../deps.js';
import { type LocalRouter, serve } from '../../serve.js';

export function tablesRouter(deps: LocalServerDeps): LocalRouter {
  const router = new Router<StaffState>();
  serve(router, deps, listTablesCall, ({ query }) =>
    tablesAnswer(listTables(deps.read), query(), 'staff', (t) => AVAILABLE_TABLE_STATES.includes(t.state)),
  );
  // A table's link carries a token only the cloud can sign (a terminal never holds the cloud's key,
  // so a stolen one cannot forge codes): the terminal asks the cloud, and says so when it cannot.
  serve(router, deps, getTableQr, async ({ params }) => {
    let answer: Awaited<ReturnType<typeof deps.api.request>>;
    try {
      answer = await deps.api.request('GET', getTableQr.url(params()));
    } catch (error) {
      if (error instanceof CloudUnreachable) {
        throw new AppError(503, 'cloud_unreachable', SHELL_MESSAGES.tableQrNeedsCloud);
      }
      throw error;
    }
    if (isSuccess(answer.status)) return getTableQr.answer.parse(answer.body);
    if (answer.status === 404) throw notFound('Table');
    throw new AppError(502, 'cloud_unreachable', messageOf(answer.body) ?? SHELL_MESSAGES.tableQrNeedsCloud);
  });
  return router;
}
