import {
  checkInReservation,
  createReservation,
  getBookableTimes,
  getReservation,
  isDateSegment,
  listReservations,
  listReservationsOfDate,
  modifyReservation,
  refuseOtherTenant,
  seatReservation,
} from '@tablewise/shared';
import {
  bookableTimesOf,
  bookReservation,
  checkIn,
  modifyReservationOf,
  reservationOf,
  reservationsOfDay,
  seatReservationAt,
} from '../../commands/reservations.js';
import type { AppDeps } from '../../context.js';
import { requireVenueActor } from '../../policies/principals.js';
import { type AppRouter, newRouter, ok, serve } from '../http.js';
import { pushable, servePushable } from '../pushable.js';

/** A host books a reservation, on the cloud or through a terminal's outbox. */
export const reservationBooked = pushable(createReservation, async (deps, actor, { body }, trx) => {
  const booking = await body();
  refuseOtherTenant(booking, actor);
  return ok(await bookReservation(trx, actor, booking, deps.now()), 201);
});

/** A host checks a party in, on the cloud or through a terminal's outbox. */
export const reservationCheckedIn = pushable(checkInReservation, async (deps, actor, { params }, trx) =>
  ok(await checkIn(trx, actor, params().id, deps.now())),
);

/** A host seats a checked-in party at a table, on the cloud or through a terminal's outbox. */
export const reservationSeated = pushable(seatReservation, async (deps, actor, { params, body }, trx) =>
  ok(await seatReservationAt(trx, actor, params().id, await body(), deps.now())),
);

/** A host modifies or cancels a booking, on the cloud or through a terminal's outbox. */
export const reservationModified = pushable(modifyReservation, async (deps, actor, { params, body }, trx) =>
  ok(await modifyReservationOf(trx, actor, params().id, await body(), deps.now())),
);

export function reservationsRouter(deps: AppDeps): AppRouter {
  const router = newRouter();
  serve(router, listReservations, async ({ ctx, query }) =>
    reservationsOfDay(deps.db, requireVenueActor(ctx), query().date, deps.now()),
  );
  // Before /:id, which it would otherwise be taken for.
  serve(router, getBookableTimes, async ({ ctx }) => bookableTimesOf(deps.db, requireVenueActor(ctx), deps.now()));
  // The spec's client reads a day at /api/reservations/2026-11-29; any other segment is an id.
  serve(
    router,
    listReservationsOfDate,
    async ({ ctx, params }) => reservationsOfDay(deps.db, requireVenueActor(ctx), params().date, deps.now()),
    (ctx) => isDateSegment(ctx.params.date),
  );
  serve(router, getReservation, async ({ ctx, params }) => reservationOf(deps.db, requireVenueActor(ctx), params().id));
  servePushable(router, deps, reservationBooked);
  servePushable(router, deps, reservationCheckedIn);
  servePushable(router, deps, reservationSeated);
  servePushable(router, deps, reservationModified);
  return router;
}
