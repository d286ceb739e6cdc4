import Router from '@koa/router';
import {
  addToWaitlist,
  changeWaitlistStatus,
  getWaitlistEntry as getWaitlistEntryCall,
  listWaitlist,
  notFound,
  refuseOtherTenant,
  seatWaitlistParty,
  waitlistAnswer,
} from '@tablewise/shared';
import { ownTenant } from '../../../sqlite/repositories/venue.js';
import { getWaitlistEntry, listActiveWaitlist } from '../../../sqlite/repositories/waitlist.js';
import type { LocalServerDeps, StaffState } from '../../deps.js';
import { type LocalRouter, serve } from '../../serve.js';

export function waitlistRouter(deps: LocalServerDeps): LocalRouter {
  const router = new Router<StaffState>();
  serve(router, deps, listWaitlist, () => waitlistAnswer(listActiveWaitlist(deps.read)));
  serve(router, deps, getWaitlistEntryCall, ({ params }) => {
    const entry = getWaitlistEntry(deps.read, params().id);
    if (!entry) throw notFound('Waitlist entry');
    return entry;
  });
  serve(router, deps, addToWaitlist, async ({ body }) => {
    const party = await body();
    refuseOtherTenant(party, ownTenant(deps.read));
    return deps.addToWaitlist(party);
  });
  serve(router, deps, changeWaitlistStatus, async ({ params, body }) => {
    const { id } = params();
    const { status } = await body();
    return deps.changeWaitlistStatus(id, status);
  });
  serve(router, deps, seatWaitlistParty, async ({ params, body }) =>
    deps.seatWaitlistParty(params().waitlistId, await body()),
  );
  return router;
}
