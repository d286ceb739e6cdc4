import Router from '@koa/router';
import {
  AppError,
  AVAILABLE_TABLE_STATES,
  completeTableQa,
  getExitQr,
  getTableQr,
  listTables as listTablesCall,
  notFound,
  printTableQr,
  SHELL_MESSAGES,
  tablesAnswer,
  transitionTable,
} from '@tablewise/shared';
import { getTable, listTables } from '../../../sqlite/repositories/venue-data.js';
import { CloudUnreachable, isSuccess, messageOf } from '../../../sync/cloud-api.js';
import type { LocalServerDeps, StaffState } from '../../deps.js';
import { type LocalRouter, serve } from '../../serve.js';
import { printing } from '../print-jobs/router.js';

export function tablesRouter(deps: LocalServerDeps): LocalRouter {
  const router = new Router<StaffState>();
  serve(router, deps, listTablesCall, ({ query }) =>
    tablesAnswer(listTables(deps.read), query(), 'staff', (t) => AVAILABLE_TABLE_STATES.includes(t.state)),
  );
  // A table's link carries a token only the cloud can sign (a terminal never holds the cloud's key,
  // so a stolen one cannot forge codes): the terminal asks the cloud, and says so when it cannot.
  const signedLink = async (id: string) => {
    let answer: Awaited<ReturnType<typeof deps.api.request>>;
    try {
      answer = await deps.api.request('GET', getTableQr.url({ id }));
    } catch (error) {
      if (error instanceof CloudUnreachable) {
        throw new AppError(503, 'cloud_unreachable', SHELL_MESSAGES.tableQrNeedsCloud);
      }
      throw error;
    }
    if (isSuccess(answer.status)) return getTableQr.answer.parse(answer.body);
    if (answer.status === 404) throw notFound('Table');
    throw new AppError(502, 'cloud_unreachable', messageOf(answer.body) ?? SHELL_MESSAGES.tableQrNeedsCloud);
  };
  serve(router, deps, getTableQr, ({ params }) => signedLink(params().id));
  // The venue's exit code is signed by the cloud too.
  serve(router, deps, getExitQr, async () => {
    let answer: Awaited<ReturnType<typeof deps.api.request>>;
    try {
      answer = await deps.api.request('GET', getExitQr.url());
    } catch (error) {
      if (error instanceof CloudUnreachable) {
        throw new AppError(503, 'cloud_unreachable', SHELL_MESSAGES.tableQrNeedsCloud);
      }
      throw error;
    }
    if (isSuccess(answer.status)) return getExitQr.answer.parse(answer.body);
    throw new AppError(502, 'cloud_unreachable', messageOf(answer.body) ?? SHELL_MESSAGES.tableQrNeedsCloud);
  });
  serve(router, deps, transitionTable, async ({ params, body }) => {
    const { state, metadata } = await body();
    return deps.transitionTable(params().id, { state, metadata });
  });
  serve(router, deps, completeTableQa, async ({ params, body }) => {
    const { passed, issues } = await body();
    return deps.completeTableQa(params().id, { passed, issues });
  });

  // The same link as a QR code on a receipt printer this terminal drives.
  serve(router, deps, printTableQr, async ({ params, body }) => {
    const { id } = params();
    const { printerId } = await body();
    const table = getTable(deps.read, id);
    if (!table) throw notFound('Table');
    const { url } = await signedLink(id);
    const job = printing(() => deps.printTableQr(printerId, { document: 'table_qr', tableNumber: table.number, url }));
    if (!job) throw notFound('Printer');
    return job;
  });
  return router;
}
