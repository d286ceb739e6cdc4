import Router from '@koa/router';
import {
  bookableTimesAnswer,
  checkInReservation,
  createReservation,
  DEFAULT_TIMEZONE,
  getBookableTimes,
  getReservation as getReservationCall,
  listReservations,
  modifyReservation,
  notFound,
  refuseOtherTenant,
  reservationsAnswer,
  seatReservation,
  venueDate,
  venueDayBounds,
} from '@tablewise/shared';
import { getReservation, listReservationsBetween } from '../../../sqlite/repositories/reservations.js';
import { getVenue, ownTenant } from '../../../sqlite/repositories/venue.js';
import type { LocalServerDeps, StaffState } from '../../deps.js';
import { type LocalRouter, serve } from '../../serve.js';

export function reservationsRouter(deps: LocalServerDeps): LocalRouter {
  const router = new Router<StaffState>();
  const zone = () => getVenue(deps.read)?.timezone ?? DEFAULT_TIMEZONE;
  serve(router, deps, listReservations, ({ query }) => {
    const tz = zone();
    const day = query().date ?? venueDate(deps.now(), tz);
    const { start, end } = venueDayBounds(day, tz);
    return reservationsAnswer(listReservationsBetween(deps.read, start, end), day, tz);
  });
  // Before /:id, which it would otherwise be taken for.
  serve(router, deps, getBookableTimes, () => bookableTimesAnswer(deps.now(), zone()));
  serve(router, deps, getReservationCall, ({ params }) => {
    const reservation = getReservation(deps.read, params().id);
    if (!reservation) throw notFound('Reservation');
    return reservation;
  });
  serve(router, deps, createReservation, async ({ body }) => {
    const booking = await body();
    refuseOtherTenant(booking, ownTenant(deps.read));
    return deps.createReservation(booking);
  });
  serve(router, deps, checkInReservation, ({ params }) => deps.checkInReservation(params().id));
  serve(router, deps, seatReservation, async ({ params, body }) => deps.seatReservation(params().id, await body()));
  serve(router, deps, modifyReservation, async ({ params, body }) => deps.modifyReservation(params().id, await body()));
  return router;
}
