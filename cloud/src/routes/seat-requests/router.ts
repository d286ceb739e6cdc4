// The host approves self-seating during a rush (issue 27): the host console's list, the setting,
// and the host's answer; the guest's own request for its waiting page.
import {
  decideSeatRequest as decideSeatRequestCall,
  getGuestSeatRequest,
  listSeatRequests,
  setSeatingApproval as setSeatingApprovalCall,
} from '@tablewise/shared';
import { decideSeatRequest, guestSeatRequest, seatRequests, setSeatingApproval } from '../../commands/seat-requests.js';
import type { AppDeps } from '../../context.js';
import { requireGuest, requireVenueActor } from '../../policies/principals.js';
import { type AppRouter, mutate, newRouter, ok, serve } from '../http.js';

export function seatRequestsRouter(deps: AppDeps): AppRouter {
  const router = newRouter();

  serve(router, listSeatRequests, async ({ ctx }) => seatRequests(deps, requireVenueActor(ctx)));

  serve(router, setSeatingApprovalCall, async ({ ctx, body }) => {
    const staff = requireVenueActor(ctx);
    const { hostApproves } = await body();
    await mutate(ctx, deps, staff, async (trx) => ok(await setSeatingApproval(trx, staff, hostApproves, deps.now())));
    return undefined;
  });

  serve(router, decideSeatRequestCall, async ({ ctx, params, body }) => {
    const staff = requireVenueActor(ctx);
    const { id } = params();
    const input = await body();
    await mutate(ctx, deps, staff, async (trx) => ok(await decideSeatRequest(trx, staff, id, input, deps.now())));
    return undefined;
  });

  serve(router, getGuestSeatRequest, async ({ ctx }) => guestSeatRequest(deps.db, requireGuest(ctx)));

  return router;
}
