import type { AppDeps } from '../../context.js';
import { invalidField } from '../../errors.js';
import { requireAnyActor } from '../../policies/principals.js';
import { presentTable } from '../../presenters/index.js';
import { listTables, type TableFilters } from '../../repositories/tables.js';
import { type AppRouter, type Ctx, newRouter } from '../http.js';

/** The seat-selection reads: available=1, capacity=N, accessibility=1 (spec 3 section 7). */
function filtersOf(ctx: Ctx): TableFilters {
  const filters: TableFilters = {};
  const { available, capacity, accessibility } = ctx.query;
  if (available === '1' || available === 'true') filters.available = true;
  if (typeof capacity === 'string' && capacity !== '') {
    if (!/^\d{1,2}$/.test(capacity)) throw invalidField('capacity', 'must be a whole number');
    filters.minCapacity = Number(capacity);
  }
  if (accessibility === '1' || accessibility === 'true') filters.accessible = true;
  return filters;
}

export function tablesRouter(deps: AppDeps): AppRouter {
  const router = newRouter();

  router.get('/api/tables', async (ctx) => {
    const actor = requireAnyActor(ctx);
    const tables = (await listTables(deps.db, actor.venueId, filtersOf(ctx))).map(presentTable);
    // Guests choose among tables; who sits at the others is not theirs to know.
    ctx.body =
      actor.kind === 'guest'
        ? tables.map((t) => ({ ...t, partyName: null, guestCount: null, timeSeated: null }))
        : tables;
  });

  return router;
}
