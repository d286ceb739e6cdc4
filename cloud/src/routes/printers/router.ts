import { listPrinters, reportPrinterStatus, updatePrinter } from '@tablewise/shared';
import { reportPrinterState, updatePrinterSettings, venuePrinters } from '../../commands/printing.js';
import type { AppDeps } from '../../context.js';
import { requireStaff, requireTerminal } from '../../policies/principals.js';
import { type AppRouter, mutate, newRouter, ok, serve } from '../http.js';

export function printersRouter(deps: AppDeps): AppRouter {
  const router = newRouter();

  serve(router, listPrinters, async ({ ctx }) => venuePrinters(deps.db, requireStaff(ctx)));

  serve(router, updatePrinter, async ({ ctx, params, body }) => {
    const staff = requireStaff(ctx);
    const { id } = params();
    const settings = await body();
    await mutate(ctx, deps, staff, async (trx) =>
      ok(await updatePrinterSettings(trx, staff, id, settings, deps.now())),
    );
    return undefined;
  });

  serve(router, reportPrinterStatus, async ({ ctx, params, body }) => {
    const terminal = requireTerminal(ctx);
    await mutate(ctx, deps, terminal, async (trx) => {
      // Inside the mutation so a malformed report still takes its sequence number.
      const { id } = params();
      return ok(await reportPrinterState(trx, terminal, id, await body()));
    });
    return undefined;
  });

  return router;
}
