import { eraseGuestData, exportOrganization, getOrganizationUsage } from '@tablewise/shared';
import { organizationsOf } from '../../commands/administration.js';
import { eraseGuestDataAt } from '../../commands/guest-data.js';
import { checkExporter, exportOrganizationData } from '../../commands/org-export.js';
import type { AppDeps } from '../../context.js';
import { notFound } from '../../errors.js';
import { requireStaff } from '../../policies/principals.js';
import { usageOf } from '../../usage/usage.js';
import { type AppRouter, mutate, newRouter, ok, serve } from '../http.js';

/** The organization's own data: its owner's export, its usage by month, and a guest's erasure on
 * request (issue 24). */
export function guestDataRouter(deps: AppDeps): AppRouter {
  const router = newRouter();

  serve(router, exportOrganization, async ({ ctx, params }) => {
    const staff = requireStaff(ctx);
    const { id } = params();
    await checkExporter(deps.db, staff, id);
    const now = deps.now();
    const stream = await exportOrganizationData(deps.db, staff, id, now, (error) =>
      deps.log.error({ err: error, orgId: id }, 'organization export failed'),
    );
    ctx.status = 200;
    ctx.type = 'application/zip';
    ctx.set('Content-Disposition', `attachment; filename="tablewise-export-${now.toISOString().slice(0, 10)}.zip"`);
    ctx.set('Cache-Control', 'no-store');
    ctx.body = stream;
    return undefined;
  });

  serve(router, getOrganizationUsage, async ({ ctx, params }) => {
    const staff = requireStaff(ctx);
    const { id } = params();
    const administered = await organizationsOf(deps.db, staff);
    if (!administered.some((o) => o.id === id)) throw notFound('Organization');
    return usageOf(deps.db, id, deps.now());
  });

  serve(router, eraseGuestData, async ({ ctx, body }) => {
    const staff = requireStaff(ctx);
    const input = await body();
    await mutate(ctx, deps, staff, async (trx) => ok(await eraseGuestDataAt(trx, staff, input, deps.now())));
    return undefined;
  });

  return router;
}
