import { createVenue, listVenues, updateVenue } from '@tablewise/shared';
import { addVenue, changeVenue, venuesOf } from '../../commands/administration.js';
import type { AppDeps } from '../../context.js';
import { requireStaff } from '../../policies/principals.js';
import { type AppRouter, mutate, newRouter, ok, serve } from '../http.js';

export function venuesRouter(deps: AppDeps): AppRouter {
  const router = newRouter();

  serve(router, listVenues, async ({ ctx, query }) => venuesOf(deps.db, requireStaff(ctx), query().organizationId));

  serve(router, createVenue, async ({ ctx, body }) => {
    const staff = requireStaff(ctx);
    const input = await body();
    await mutate(ctx, deps, staff, async (trx) => ok(await addVenue(trx, staff, input, deps.now()), 201));
    return undefined;
  });

  serve(router, updateVenue, async ({ ctx, params, body }) => {
    const staff = requireStaff(ctx);
    const { id } = params();
    const input = await body();
    await mutate(ctx, deps, staff, async (trx) => ok(await changeVenue(trx, staff, id, input, deps.now())));
    return undefined;
  });

  return router;
}
