import {
  AppError,
  createPairingCode,
  createTerminal as createTerminalCall,
  getTerminalMe,
  getTerminalStatus,
  listTerminals,
  NOT_A_TERMINAL,
  PAIRING_CODE_TEXTS,
  PAIRING_CODE_TRIES,
  pairWithCode,
  revokeTerminal,
} from '@tablewise/shared';
import { makePairingCode, pairByCode } from '../../commands/pairing-codes.js';
import { venueTerminals } from '../../commands/printing.js';
import { createTerminal, revokeTerminalOfVenue } from '../../commands/terminals.js';
import type { AppDeps } from '../../context.js';
import { notFound, unauthorized } from '../../errors.js';
import { requireStaff, requireTerminalManager } from '../../policies/principals.js';
import { presentTerminal, presentVenue } from '../../presenters/index.js';
import { findTerminalInVenue } from '../../repositories/terminals.js';
import { findVenue } from '../../repositories/venues.js';
import { consumeOrWait } from '../../security/limits.js';
import { type AppRouter, mutate, newRouter, ok, serve } from '../http.js';

export function terminalsRouter(deps: AppDeps): AppRouter {
  const router = newRouter();

  serve(router, createTerminalCall, async ({ ctx, body }) => {
    const staff = requireTerminalManager(ctx);
    const { name } = await body();
    // The answer holds the credential: it is not kept for a replay.
    await mutate(ctx, deps, staff, async (trx) => ({
      ...ok(await createTerminal(trx, staff, name), 201),
      shownOnce: true,
    }));
    return undefined;
  });

  // Pairing by a short code (issue 24): the manager's code is shown once, never replayed.
  serve(router, createPairingCode, async ({ ctx, body }) => {
    const staff = requireTerminalManager(ctx);
    const { name } = await body();
    await mutate(ctx, deps, staff, async (trx) => ({
      ...ok(await makePairingCode(trx, staff, name, deps.now()), 201),
      shownOnce: true,
    }));
    return undefined;
  });

  // The terminal's side: a few tries of a well-formed code per address in ten minutes, counted
  // before the code is looked up.
  const pairingTries = deps.limits.limiter({ keyPrefix: 'pair:address', points: PAIRING_CODE_TRIES, duration: 600 });
  serve(router, pairWithCode, async ({ ctx, body }) => {
    const { code } = await body();
    const wait = await consumeOrWait(pairingTries, ctx.ip);
    if (wait !== null) {
      ctx.set('Retry-After', String(Math.ceil(wait / 1000)));
      throw new AppError(429, 'rate_limited', PAIRING_CODE_TEXTS.tooManyTries);
    }
    const paired = await deps.db.transaction((trx) => pairByCode(trx, code, deps.now()));
    ctx.status = 201;
    return paired;
  });

  // The staff app asks where it runs: here, not on a terminal. The sign-in page asks before anyone
  // has signed in (it offers sign-up only on the cloud), and the answer is the same for everyone.
  serve(router, getTerminalStatus, async () => NOT_A_TERMINAL);

  serve(router, getTerminalMe, async ({ ctx }) => {
    const terminal = ctx.state.principals.terminal;
    if (!terminal) throw unauthorized();
    const [row, venue] = await Promise.all([
      findTerminalInVenue(deps.db, terminal.venueId, terminal.terminalId),
      findVenue(deps.db, terminal.venueId),
    ]);
    if (!row || !venue) throw notFound('Terminal');
    return { terminal: presentTerminal(row), venue: presentVenue(venue) };
  });

  serve(router, revokeTerminal, async ({ ctx, params }) => {
    const staff = requireTerminalManager(ctx);
    const { id } = params();
    await mutate(ctx, deps, staff, async (trx) => ok(await revokeTerminalOfVenue(trx, staff, id, deps.now())));
    return undefined;
  });

  // Which terminals a printer can be driven by (printer management).
  serve(router, listTerminals, async ({ ctx }) => venueTerminals(deps.db, requireStaff(ctx)));

  return router;
}
