import { createOrganization, listOrganizations, updateOrganization } from '@tablewise/shared';
import { addOrganization, changeOrganization, organizationsOf } from '../../commands/administration.js';
import type { AppDeps } from '../../context.js';
import { requireStaff } from '../../policies/principals.js';
import { type AppRouter, mutate, newRouter, ok, serve } from '../http.js';

export function organizationsRouter(deps: AppDeps): AppRouter {
  const router = newRouter();

  serve(router, listOrganizations, async ({ ctx }) => organizationsOf(deps.db, requireStaff(ctx)));

  serve(router, createOrganization, async ({ ctx, body }) => {
    const staff = requireStaff(ctx);
    const input = await body();
    await mutate(ctx, deps, staff, async (trx) => ok(await addOrganization(trx, staff, input, deps.now()), 201));
    return undefined;
  });

  serve(router, updateOrganization, async ({ ctx, params, body }) => {
    const staff = requireStaff(ctx);
    const { id } = params();
    const input = await body();
    await mutate(ctx, deps, staff, async (trx) => ok(await changeOrganization(trx, staff, id, input, deps.now())));
    return undefined;
  });

  return router;
}
