import Router from '@koa/router';
import {
  AVAILABLE_TABLE_STATES,
  completeTableQa,
  getExitQr,
  getFloorLayout,
  getTableQr,
  listTables as listTablesCall,
  markDeparted,
  notFound,
  printTableQr,
  publishedLayoutAnswer,
  SHELL_MESSAGES,
  tablesAnswer,
  transitionTable,
} from '@tablewise/shared';
import { getPublishedLayout } from '../../../sqlite/repositories/floor-layout.js';
import { getTable, listTables } from '../../../sqlite/repositories/tables.js';
import { ownTenant } from '../../../sqlite/repositories/venue.js';
import { askCloud } from '../../../sync/ask-cloud.js';
import type { LocalServerDeps, StaffState } from '../../deps.js';
import { type LocalRouter, serve } from '../../serve.js';
import { printing } from '../print-jobs/router.js';

export function tablesRouter(deps: LocalServerDeps): LocalRouter {
  const router = new Router<StaffState>();
  serve(router, deps, listTablesCall, ({ query }) =>
    tablesAnswer(listTables(deps.read), query(), 'staff', (t) => AVAILABLE_TABLE_STATES.includes(t.state)),
  );
  // The layout last published, for the live floor's zones and decor; the designer's drafts and
  // their saves are the cloud's.
  serve(router, deps, getFloorLayout, () =>
    publishedLayoutAnswer(getPublishedLayout(deps.read, ownTenant(deps.read).venueId)),
  );
  // A table's link carries a token only the cloud can sign (a terminal never holds the cloud's key,
  // so a stolen one cannot forge codes): the terminal asks the cloud, and says so when it cannot.
  const needsCloud = SHELL_MESSAGES.tableQrNeedsCloud;
  serve(router, deps, getTableQr, ({ params }) => askCloud(deps.api, getTableQr, { params: params(), needsCloud }));
  // The venue's exit code is signed by the cloud too.
  serve(router, deps, getExitQr, () => askCloud(deps.api, getExitQr, { needsCloud }));
  serve(router, deps, transitionTable, async ({ ctx, params, body }) => {
    const { state, metadata } = await body();
    return deps.transitionTable(params().id, { state, metadata }, ctx.state.me.user.id);
  });
  serve(router, deps, markDeparted, async ({ ctx, params, body }) => {
    await body();
    return deps.markDeparted(params().id, ctx.state.me.user.id);
  });
  serve(router, deps, completeTableQa, async ({ ctx, params, body }) => {
    const { passed, issues } = await body();
    return deps.completeTableQa(params().id, { passed, issues }, ctx.state.me.user.id);
  });

  // The same link as a QR code on a receipt printer this terminal drives.
  serve(router, deps, printTableQr, async ({ params, body }) => {
    const { id } = params();
    const { printerId } = await body();
    const table = getTable(deps.read, id);
    if (!table) throw notFound('Table');
    const { url } = await askCloud(deps.api, getTableQr, { params: { id }, needsCloud });
    const job = printing(() => deps.printTableQr(printerId, { document: 'table_qr', tableNumber: table.number, url }));
    if (!job) throw notFound('Printer');
    return job;
  });
  return router;
}
