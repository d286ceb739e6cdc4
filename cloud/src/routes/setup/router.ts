import { getSetupChecklist, recordQrSheetPrinted, setupChecklistAnswer } from '@tablewise/shared';
import type { AppDeps } from '../../context.js';
import { requireStaff } from '../../policies/principals.js';
import { markQrSheetPrinted, setupFactsOf } from '../../repositories/setup.js';
import { type AppRouter, newRouter, serve } from '../http.js';

export function setupRouter(deps: AppDeps): AppRouter {
  const router = newRouter();

  serve(router, getSetupChecklist, async ({ ctx }) => {
    const staff = requireStaff(ctx);
    return setupChecklistAnswer(await setupFactsOf(deps.db, staff));
  });

  serve(router, recordQrSheetPrinted, async ({ ctx }) => {
    const staff = requireStaff(ctx);
    const at = deps.now();
    await markQrSheetPrinted(deps.db, staff.venueId, at);
    return { printedAt: at.toISOString() };
  });

  return router;
}
