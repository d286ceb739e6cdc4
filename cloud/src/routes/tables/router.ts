import { AVAILABLE_TABLE_STATES, listTables as listTablesCall, tablesAnswer } from '@tablewise/shared';
import type { AppDeps } from '../../context.js';
import { requireAnyActor } from '../../policies/principals.js';
import { presentTable } from '../../presenters/index.js';
import { listTables } from '../../repositories/tables.js';
import { type AppRouter, newRouter, serve } from '../http.js';

export function tablesRouter(deps: AppDeps): AppRouter {
  const router = newRouter();

  serve(router, listTablesCall, async ({ ctx, query }) => {
    const actor = requireAnyActor(ctx);
    const tables = (await listTables(deps.db, actor.venueId)).map(presentTable);
    return tablesAnswer(tables, query(), actor.kind === 'guest' ? 'guest' : 'staff', (t) =>
      AVAILABLE_TABLE_STATES.includes(t.state),
    );
  });

  return router;
}
