import { addToWaitlist, changeWaitlistStatus, listWaitlist, seatWaitlistParty } from '@tablewise/shared';
import { addParty, moveParty, seatParty, waitlistQueue } from '../../commands/waitlist.js';
import type { AppDeps } from '../../context.js';
import { requireStaff } from '../../policies/principals.js';
import { type AppRouter, mutate, newRouter, ok, serve } from '../http.js';

export function waitlistRouter(deps: AppDeps): AppRouter {
  const router = newRouter();

  serve(router, listWaitlist, async ({ ctx }) => waitlistQueue(deps.db, requireStaff(ctx)));

  serve(router, addToWaitlist, async ({ ctx, body }) => {
    const staff = requireStaff(ctx);
    const party = await body();
    await mutate(ctx, deps, staff, async (trx) => ok(await addParty(trx, staff, party, deps.now()), 201));
    return undefined;
  });

  serve(router, changeWaitlistStatus, async ({ ctx, params, body }) => {
    const staff = requireStaff(ctx);
    const { id } = params();
    const { status } = await body();
    await mutate(ctx, deps, staff, async (trx) => ok(await moveParty(trx, staff, id, status, deps.now())));
    return undefined;
  });

  serve(router, seatWaitlistParty, async ({ ctx, params, body }) => {
    const staff = requireStaff(ctx);
    const { waitlistId } = params();
    const { tableId } = await body();
    await mutate(ctx, deps, staff, async (trx) => ok(await seatParty(trx, staff, waitlistId, tableId, deps.now())));
    return undefined;
  });

  return router;
}
