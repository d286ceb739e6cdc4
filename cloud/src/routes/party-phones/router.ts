// A phone that joins a party already seated is let in first (issue 27, finding 2): its own standing,
// the party's phones answering it, and staff answering it.
import { answerPartyPhone, answerPhoneJoin, getMyPhone, listPartyPhones, listPhoneJoins } from '@tablewise/shared';
import { answerJoiningPhone, myPhone, phonesAskingToJoin, phonesWaitingAtVenue } from '../../commands/party-phones.js';
import type { AppDeps } from '../../context.js';
import { requireAnyPhone, requireGuest, requireVenueActor } from '../../policies/principals.js';
import { type AppRouter, mutate, newRouter, ok, serve } from '../http.js';

export function partyPhonesRouter(deps: AppDeps): AppRouter {
  const router = newRouter();

  serve(router, getMyPhone, async ({ ctx }) => myPhone(deps.db, requireAnyPhone(ctx).phoneId));

  // Only a phone of the party (its first, or one let in) sees and answers who asks to join.
  serve(router, listPartyPhones, async ({ ctx }) => phonesAskingToJoin(deps.db, requireGuest(ctx)));

  serve(router, answerPartyPhone, async ({ ctx, params, body }) => {
    const guest = requireGuest(ctx);
    const { id } = params();
    const { approve } = await body();
    await mutate(ctx, deps, guest, async (trx) =>
      ok(await answerJoiningPhone(trx, { kind: 'party', guest }, id, approve, deps.now())),
    );
    return undefined;
  });

  serve(router, listPhoneJoins, async ({ ctx }) => phonesWaitingAtVenue(deps.db, requireVenueActor(ctx)));

  serve(router, answerPhoneJoin, async ({ ctx, params, body }) => {
    const staff = requireVenueActor(ctx);
    const { id } = params();
    const { approve } = await body();
    await mutate(ctx, deps, staff, async (trx) =>
      ok(await answerJoiningPhone(trx, { kind: 'staff', staff }, id, approve, deps.now())),
    );
    return undefined;
  });

  return router;
}
