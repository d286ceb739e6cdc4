import {
  addToWaitlist,
  changeWaitlistStatus,
  getWaitlistEntry,
  listWaitlist,
  notifyNextParty,
  refuseOtherTenant,
  seatWaitlistParty,
} from '@tablewise/shared';
import { notifyNextWaitingParty } from '../../commands/cleaning.js';
import { addParty, moveParty, seatParty, waitlistEntry, waitlistQueue } from '../../commands/waitlist.js';
import type { AppDeps } from '../../context.js';
import { requireVenueActor } from '../../policies/principals.js';
import { type AppRouter, newRouter, ok, serve } from '../http.js';
import { pushable, servePushable } from '../pushable.js';

/** A host adds a party, on the cloud or through a terminal's outbox. */
export const partyAdded = pushable(addToWaitlist, async (deps, actor, { body }, trx) => {
  const party = await body();
  refuseOtherTenant(party, actor);
  return ok(await addParty(trx, actor, party, deps.now()), 201);
});

/** A host notifies, seats or removes a party, on the cloud or through a terminal's outbox. */
export const partyMoved = pushable(changeWaitlistStatus, async (deps, actor, { params, body }, trx) => {
  const { id } = params();
  const { status } = await body();
  return ok(await moveParty(trx, actor, id, status, deps.now()));
});

/** A host seats a party at a table, on the cloud or through a terminal's outbox. */
export const partySeated = pushable(seatWaitlistParty, async (deps, actor, { params, body }, trx) => {
  const { waitlistId } = params();
  return ok(await seatParty(trx, actor, waitlistId, await body(), deps.now()));
});

/** Staff (or the automation's caller) notify the next party that fits a table. */
export const nextPartyNotified = pushable(notifyNextParty, async (deps, actor, { body }, trx) => {
  const { tableId } = await body();
  return ok({ notified: await notifyNextWaitingParty(trx, actor, tableId, deps.now()) });
});

export function waitlistRouter(deps: AppDeps): AppRouter {
  const router = newRouter();

  // Terminals read it too: to set their replica right after the cloud refused a change.
  serve(router, listWaitlist, async ({ ctx }) => waitlistQueue(deps.db, requireVenueActor(ctx)));

  serve(router, getWaitlistEntry, async ({ ctx, params }) =>
    waitlistEntry(deps.db, requireVenueActor(ctx), params().id),
  );

  servePushable(router, deps, partyAdded);
  servePushable(router, deps, partyMoved);

  servePushable(router, deps, partySeated);
  servePushable(router, deps, nextPartyNotified);

  return router;
}
