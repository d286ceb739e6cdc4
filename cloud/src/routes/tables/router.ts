import {
  AVAILABLE_TABLE_STATES,
  completeTableQa,
  getStuckStates,
  listTables as listTablesCall,
  markDeparted,
  rotateTableQr as rotateTableQrCall,
  tablesAnswer,
  transitionTable,
} from '@tablewise/shared';
import { completeQa, markTableDeparted, transitionVenueTable } from '../../commands/cleaning.js';
import { rotateTableQr } from '../../commands/guest.js';
import { guestTables } from '../../commands/guest-holds.js';
import { stuckTables } from '../../commands/stuck-check.js';
import type { AppDeps } from '../../context.js';
import { requireAnyActor, requireStaff, requireVenueActor } from '../../policies/principals.js';
import { presentTable } from '../../presenters/index.js';
import { listTables } from '../../repositories/tables.js';
import { type AppRouter, mutate, newRouter, ok, serve } from '../http.js';
import { pushable, servePushable } from '../pushable.js';

/** Staff move a table by the state machine (emergency clean, maintenance), on the cloud or
 * through a terminal's outbox. */
export const tableTransitioned = pushable(transitionTable, async (deps, actor, { params, body }, trx) => {
  const { state, metadata, taskId } = await body();
  return ok(
    await transitionVenueTable(trx, actor, params().id, { state, metadata: metadata ?? {}, taskId }, deps.now()),
  );
});

/** A cleaner records a table's QA check, on the cloud or through a terminal's outbox. */
export const tableQaCompleted = pushable(completeTableQa, async (deps, actor, { params, body }, trx) => {
  const { passed, issues, taskId, notifyWaitlistId } = await body();
  return ok(await completeQa(trx, actor, params().id, { passed, issues, taskId, notifyWaitlistId }, deps.now()));
});

/** Staff saw a paid party leave (Party Left), on the cloud or through a terminal's outbox. */
export const tableDeparted = pushable(markDeparted, async (deps, actor, { params, body }, trx) => {
  const { taskId } = await body();
  return ok(await markTableDeparted(trx, actor, params().id, { taskId }, deps.now()));
});

export function tablesRouter(deps: AppDeps): AppRouter {
  const router = newRouter();

  serve(router, listTablesCall, async ({ ctx, query }) => {
    const actor = requireAnyActor(ctx);
    const tables = (await listTables(deps.db, actor.venueId)).map(presentTable);
    if (actor.kind === 'guest') {
      // A guest's phone reads seat selection's guest view here too (spec 3 section 7): the tables
      // as a guest sees them (nobody's party), with the guest view's place and features beside.
      const everyTable = { available: false, capacity: undefined, accessibility: false };
      const views = new Map((await guestTables(deps, actor, everyTable)).map((g) => [g.id, g]));
      return tablesAnswer(tables, query(), 'guest', (t) => AVAILABLE_TABLE_STATES.includes(t.state)).map((t) => {
        const view = views.get(t.id);
        if (!view) return t;
        const { x, y, hasView, hasPlugs, isQuiet, available, heldByYouUntil } = view;
        return { ...t, x, y, hasView, hasPlugs, isQuiet, available, heldByYouUntil };
      });
    }
    return tablesAnswer(tables, query(), 'staff', (t) => AVAILABLE_TABLE_STATES.includes(t.state));
  });

  // A repeat with the same Idempotency-Key answers the code it made instead of rotating again.
  serve(router, rotateTableQrCall, async ({ ctx, params }) => {
    const staff = requireStaff(ctx);
    const { id } = params();
    await mutate(ctx, deps, staff, async (trx) => ok(await rotateTableQr(trx, deps, staff, id)));
    return undefined;
  });

  // Before any /api/tables/:id route could take 'stuck-states' for an id.
  serve(router, getStuckStates, async ({ ctx }) => stuckTables(deps.db, requireVenueActor(ctx).venueId, deps.now()));
  servePushable(router, deps, tableTransitioned);
  servePushable(router, deps, tableQaCompleted);
  servePushable(router, deps, tableDeparted);

  return router;
}
