import { CreateTerminalRequest, Id } from '@tablewise/shared';
import { createTerminal, revokeTerminalOfVenue } from '../../commands/terminals.js';
import type { AppDeps } from '../../context.js';
import { notFound, parseOr400, unauthorized } from '../../errors.js';
import { requireTerminalManager } from '../../policies/principals.js';
import { presentTerminal, presentVenue } from '../../presenters/index.js';
import { findTerminalInVenue } from '../../repositories/terminals.js';
import { findVenue } from '../../repositories/venues.js';
import { type AppRouter, mutate, newRouter, ok } from '../http.js';

export function terminalsRouter(deps: AppDeps): AppRouter {
  const router = newRouter();

  router.post('/api/terminals', async (ctx) => {
    const staff = requireTerminalManager(ctx);
    const { name } = parseOr400(CreateTerminalRequest, ctx.state.body ?? {});
    await mutate(ctx, deps, staff, async (trx) => ok(await createTerminal(trx, staff, name), 201));
  });

  router.get('/api/terminals/me', async (ctx) => {
    const terminal = ctx.state.principals.terminal;
    if (!terminal) throw unauthorized();
    const [row, venue] = await Promise.all([
      findTerminalInVenue(deps.db, terminal.venueId, terminal.terminalId),
      findVenue(deps.db, terminal.venueId),
    ]);
    if (!row || !venue) throw notFound('Terminal');
    ctx.body = { terminal: presentTerminal(row), venue: presentVenue(venue) };
  });

  router.delete('/api/terminals/:id', async (ctx) => {
    const staff = requireTerminalManager(ctx);
    if (!Id.safeParse(ctx.params.id).success) throw notFound('Terminal');
    await mutate(ctx, deps, staff, async (trx) =>
      ok(await revokeTerminalOfVenue(trx, staff, ctx.params.id as string, deps.now())),
    );
  });

  return router;
}
