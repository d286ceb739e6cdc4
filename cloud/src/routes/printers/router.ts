import { createPrinter, listPrinters, removePrinter, reportPrinterStatus, updatePrinter } from '@tablewise/shared';
import {
  addPrinter,
  removePrinterFromVenue,
  reportPrinterState,
  updatePrinterSettings,
  venuePrinters,
} from '../../commands/printing.js';
import type { AppDeps } from '../../context.js';
import { requireStaff } from '../../policies/principals.js';
import { type AppRouter, mutate, newRouter, ok, serve } from '../http.js';
import { pushable, servePushable, terminalOnly } from '../pushable.js';

/** A terminal's report of what one of its printers answered; what its outbox carries. */
export const printerStateReport = pushable(reportPrinterStatus, async (_deps, actor, { params, body }, trx) => {
  const terminal = terminalOnly(actor);
  const { id } = params();
  return ok(await reportPrinterState(trx, terminal, id, await body()));
});

export function printersRouter(deps: AppDeps): AppRouter {
  const router = newRouter();

  serve(router, listPrinters, async ({ ctx }) => venuePrinters(deps.db, requireStaff(ctx)));

  serve(router, createPrinter, async ({ ctx, body }) => {
    const staff = requireStaff(ctx);
    const input = await body();
    await mutate(ctx, deps, staff, async (trx) => ok(await addPrinter(trx, staff, input, deps.now()), 201));
    return undefined;
  });

  serve(router, updatePrinter, async ({ ctx, params, body }) => {
    const staff = requireStaff(ctx);
    const { id } = params();
    const settings = await body();
    await mutate(ctx, deps, staff, async (trx) =>
      ok(await updatePrinterSettings(trx, staff, id, settings, deps.now())),
    );
    return undefined;
  });

  serve(router, removePrinter, async ({ ctx, params }) => {
    const staff = requireStaff(ctx);
    const { id } = params();
    await mutate(ctx, deps, staff, async (trx) => ok(await removePrinterFromVenue(trx, staff, id, deps.now())));
    return undefined;
  });

  servePushable(router, deps, printerStateReport);

  return router;
}
