import {
  AVAILABLE_TABLE_STATES,
  listTables as listTablesCall,
  rotateTableQr as rotateTableQrCall,
  tablesAnswer,
} from '@tablewise/shared';
import { rotateTableQr } from '../../commands/guest.js';
import type { AppDeps } from '../../context.js';
import { requireAnyActor, requireStaff } from '../../policies/principals.js';
import { presentTable } from '../../presenters/index.js';
import { listTables } from '../../repositories/tables.js';
import { type AppRouter, mutate, newRouter, ok, serve } from '../http.js';

export function tablesRouter(deps: AppDeps): AppRouter {
  const router = newRouter();

  serve(router, listTablesCall, async ({ ctx, query }) => {
    const actor = requireAnyActor(ctx);
    const tables = (await listTables(deps.db, actor.venueId)).map(presentTable);
    return tablesAnswer(tables, query(), actor.kind === 'guest' ? 'guest' : 'staff', (t) =>
      AVAILABLE_TABLE_STATES.includes(t.state),
    );
  });

  // A repeat with the same Idempotency-Key answers the code it made instead of rotating again.
  serve(router, rotateTableQrCall, async ({ ctx, params }) => {
    const staff = requireStaff(ctx);
    const { id } = params();
    await mutate(ctx, deps, staff, async (trx) => ok(await rotateTableQr(trx, deps, staff, id)));
    return undefined;
  });

  return router;
}
