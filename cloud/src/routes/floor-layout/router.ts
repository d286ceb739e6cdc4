import {
  getFloorLayout,
  getFloorLayoutVersion,
  listFloorLayoutVersions,
  listFloorTemplates,
  publishFloorLayout,
  restoreFloorLayoutVersion,
  saveFloorLayout,
  saveFloorTemplate,
} from '@tablewise/shared';
import {
  currentLayout,
  layoutVersion,
  layoutVersions,
  publishLayout,
  restoreLayout,
  saveLayout,
} from '../../commands/floor-layouts.js';
import { floorTemplates, saveTemplate } from '../../commands/floor-templates.js';
import type { AppDeps } from '../../context.js';
import { requireStaff } from '../../policies/principals.js';
import { type AppRouter, mutate, newRouter, ok, serve } from '../http.js';

/** The floor designer's calls (issue 25): the cloud's alone; a terminal's designer says it needs
 * the cloud. Reads for any staff of the venue, changes with MANAGE_TABLES (the call modules). */
export function floorLayoutRouter(deps: AppDeps): AppRouter {
  const router = newRouter();

  serve(router, getFloorLayout, async ({ ctx }) => currentLayout(deps.db, requireStaff(ctx)));
  serve(router, listFloorLayoutVersions, async ({ ctx }) => layoutVersions(deps.db, requireStaff(ctx)));
  serve(router, getFloorLayoutVersion, async ({ ctx, params }) =>
    layoutVersion(deps.db, requireStaff(ctx), params().version),
  );

  // Save as Template: the organization's, for every venue's designer.
  serve(router, listFloorTemplates, async ({ ctx }) => floorTemplates(deps.db, requireStaff(ctx)));
  serve(router, saveFloorTemplate, async ({ ctx, body }) => {
    const staff = requireStaff(ctx);
    const input = await body();
    await mutate(ctx, deps, staff, async (trx) => ok(await saveTemplate(trx, staff, input, deps.now()), 201));
    return undefined;
  });

  serve(router, saveFloorLayout, async ({ ctx, body }) => {
    const staff = requireStaff(ctx);
    const input = await body();
    await mutate(ctx, deps, staff, async (trx) => ok(await saveLayout(trx, staff, input, deps.now()), 201));
    return undefined;
  });

  serve(router, restoreFloorLayoutVersion, async ({ ctx, params, body }) => {
    const staff = requireStaff(ctx);
    const { version } = params();
    const { baseVersion } = await body();
    await mutate(ctx, deps, staff, async (trx) =>
      ok(await restoreLayout(trx, staff, version, baseVersion, deps.now()), 201),
    );
    return undefined;
  });

  serve(router, publishFloorLayout, async ({ ctx, body }) => {
    const staff = requireStaff(ctx);
    const { baseVersion } = await body();
    await mutate(ctx, deps, staff, async (trx) => ok(await publishLayout(trx, staff, baseVersion, deps.now())));
    return undefined;
  });

  return router;
}
