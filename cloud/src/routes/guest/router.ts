import {
  askStaffAssistance,
  confirmTable as confirmTableCall,
  DEFAULT_TIMEZONE,
  entranceCodeRequired,
  GUEST_ASSISTANCE_WINDOW_SECONDS,
  GUEST_SESSION_COOKIE,
  type GuestCheckinAnswer,
  getEntranceQr,
  getExitQr,
  getGuestSession,
  getGuestWaitlistStatus,
  getTableQr,
  guestCheckin,
  holdTable as holdTableCall,
  listGuestOrders,
  listGuestTables,
  listTableQrCodes,
  MESSAGES,
  releaseTable as releaseTableCall,
  rotateEntranceQr as rotateEntranceQrCall,
  SELF_SEATING_LIMITS,
  scanEntrance,
  scanTable as scanTableCall,
  updateGuestSession,
  withQuery,
} from '@tablewise/shared';
import { sendGuestAssistanceAlert } from '../../commands/alerts.js';
import {
  type CheckinResult,
  checkIn,
  entranceQr,
  exitQr,
  rotateEntranceQr,
  scanAtEntrance,
  scanTable,
  tableQr,
  tableQrCodes,
  verifiedEntrance,
  verifiedTarget,
} from '../../commands/guest.js';
import { confirmTable, guestTables, holdTable, releaseTable } from '../../commands/guest-holds.js';
import { guestWaitlistStatus } from '../../commands/guest-waitlist.js';
import { ordersOfSession } from '../../commands/orders.js';
import type { AppDeps } from '../../context.js';
import { badRequest, invalidQrToken, notFound } from '../../errors.js';
import { requireGuest, requireStaff, requireVenueActor } from '../../policies/principals.js';
import { presentSession } from '../../presenters/index.js';
import { findSession } from '../../repositories/sessions.js';
import { findTableInVenue } from '../../repositories/tables.js';
import { findVenue } from '../../repositories/venues.js';
import { signGuestCookie } from '../../security/tokens.js';
import { type AppRouter, type Ctx, mutate, newRouter, ok, serve } from '../http.js';
import { guestRateLimit, oncePerWindow, selfSeatingLimit } from './rate-limits.js';

const GUEST_COOKIE_MAX_AGE_MS = 24 * 60 * 60 * 1000;

function setGuestCookie(ctx: Ctx, secret: string, sessionId: string, phoneId?: string): void {
  ctx.cookies.set(GUEST_SESSION_COOKIE, signGuestCookie(secret, sessionId, phoneId), {
    httpOnly: true,
    sameSite: 'lax',
    path: '/',
    maxAge: GUEST_COOKIE_MAX_AGE_MS,
    secure: ctx.secure,
    overwrite: true,
  });
}

function checkinAnswer(
  result: CheckinResult,
  input: { partySize: number; needsAccessibility?: boolean },
): GuestCheckinAnswer {
  const base = { success: true, type: result.route, sessionId: result.sessionId };
  switch (result.route) {
    case 'session_created':
      return {
        ...base,
        tableId: result.tableId,
        tableName: result.tableName,
        ...(result.phoneId ? { phoneId: result.phoneId } : {}),
        ...(result.joinPending ? { joinPending: true } : {}),
        redirectUrl: withQuery('/guest/table-confirmation', { sessionId: result.sessionId, tableId: result.tableId }),
      };
    case 'seat_selection':
      return {
        ...base,
        redirectUrl: withQuery('/guest/seat-selection', {
          partySize: String(input.partySize),
          accessibility: input.needsAccessibility ? '1' : '0',
        }),
      };
    case 'waitlist':
      return {
        ...base,
        waitlistId: result.waitlistId,
        position: result.position,
        estimatedWait: result.estimatedWait,
        redirectUrl: withQuery('/guest/waitlist', { id: result.waitlistId }),
      };
    default: {
      const never: never = result.route;
      throw new Error(`Unknown check-in route ${String(never)}`);
    }
  }
}

export function guestRouter(deps: AppDeps): AppRouter {
  const router = newRouter();
  const scanLimit = guestRateLimit(deps.limits, 'scan');
  const checkinLimit = guestRateLimit(deps.limits, 'checkin');
  const selfSeating = deps.selfSeatingLimits ?? SELF_SEATING_LIMITS;
  const walkInLimit = selfSeatingLimit(deps.limits, 'walkIn', selfSeating);
  const holdLimit = selfSeatingLimit(deps.limits, 'hold', selfSeating);
  const seatLimit = selfSeatingLimit(deps.limits, 'seat', selfSeating);
  const guestSessionOf = (ctx: Ctx) => ctx.state.principals.guest?.sessionId;
  const assistance = oncePerWindow(deps.limits, 'assistance:session', GUEST_ASSISTANCE_WINDOW_SECONDS);

  serve(router, getTableQr, async ({ ctx, params }) => {
    const actor = requireVenueActor(ctx);
    return tableQr(deps, actor, params().id);
  });

  serve(router, listTableQrCodes, async ({ ctx }) => tableQrCodes(deps, requireVenueActor(ctx)));

  serve(router, getExitQr, async ({ ctx }) => exitQr(deps, requireVenueActor(ctx)));

  serve(router, scanTableCall, async ({ ctx, body }) => {
    await scanLimit(ctx, guestSessionOf(ctx));
    return scanTable(deps, await body());
  });

  // At the entrance, the venue's entrance code leads to a walk-in's check-in, and any table's code
  // to check-in at that table.
  serve(router, scanEntrance, async ({ ctx, body }) => {
    await scanLimit(ctx, guestSessionOf(ctx));
    return scanAtEntrance(deps, (await body()).qrData);
  });

  serve(router, getEntranceQr, async ({ ctx }) => entranceQr(deps, requireVenueActor(ctx)));

  // A repeat with the same Idempotency-Key answers the code it made instead of rotating again.
  serve(router, rotateEntranceQrCall, async ({ ctx }) => {
    const staff = requireStaff(ctx);
    await mutate(ctx, deps, staff, async (trx) => ok(await rotateEntranceQr(trx, deps, staff)));
    return undefined;
  });

  // The staff-assistance button: one HIGH alert per party per window; a repeat tap is told staff
  // were asked. Only the guest's own open session (a closed one's cookie grants nothing).
  serve(router, askStaffAssistance, async ({ ctx, body }) => {
    const guest = requireGuest(ctx);
    const input = await body();
    if (input.sessionId !== guest.sessionId) throw notFound('Session');
    // Whether this request took the party's window: given back if its alert is not committed
    // (the effect failed, or the commit did), so the next tap is not told staff were asked.
    let claimedHere = false;
    try {
      await mutate(ctx, deps, guest, async (trx) => {
        const now = deps.now();
        const askedBefore = await assistance.claim(guest.sessionId, now);
        if (askedBefore) return ok({ success: true, alreadyAsked: true, askedAt: askedBefore.toISOString() });
        claimedHere = true;
        const alert = await sendGuestAssistanceAlert(trx, guest, input.reason, now);
        return ok({ success: true, alreadyAsked: false, askedAt: alert.createdAt });
      });
    } catch (error) {
      if (claimedHere) await assistance.release(guest.sessionId);
      throw error;
    }
    return undefined;
  });

  serve(router, listGuestOrders, async ({ ctx }) => ordersOfSession(deps.db, requireGuest(ctx).sessionId));

  // Who owns a check-in's idempotency record: the table whose code it brings, or the venue whose
  // entrance code a walk-in brings. The venue id alone checks nobody in (issue 27, finding 1).
  const checkinOwner = async (input: {
    venueId?: string | undefined;
    tableId?: string | undefined;
    token?: string | undefined;
  }) => {
    const entrance = await verifiedEntrance(deps.db, deps.secret, input.token);
    if (entrance) return { principal: `entrance:${entrance.venue.id}`, orgId: entrance.venue.org_id, walkIn: true };
    if (!input.token) {
      if (input.tableId) throw invalidQrToken();
      if (input.venueId) throw entranceCodeRequired();
      throw badRequest(MESSAGES.checkinNeedsVenue);
    }
    const { venue, target } = await verifiedTarget(deps.db, deps.secret, input.token);
    return { principal: `qr:${target.tableId}`, orgId: venue.org_id, walkIn: false };
  };

  serve(router, guestCheckin, async ({ ctx, body }) => {
    await checkinLimit(ctx, guestSessionOf(ctx));
    const input = await body();
    const { walkIn, ...owner } = await checkinOwner(input);
    // A walk-in is the way a loop of fresh cookies takes tables: limited per address and venue.
    if (walkIn) await walkInLimit(ctx, owner.principal.slice('entrance:'.length));
    const phone = ctx.state.principals.guest ?? ctx.state.principals.waitingPhone;
    const answer = await mutate(ctx, deps, owner, async (trx) =>
      ok(checkinAnswer(await checkIn(trx, deps, input, phone), input)),
    );
    // A replayed check-in sets the cookie too: the phone that retried is the one checked in.
    const checkedIn = answer.body as GuestCheckinAnswer | undefined;
    if (answer.status === 200 && checkedIn?.sessionId) {
      setGuestCookie(ctx, deps.secret, checkedIn.sessionId, checkedIn.phoneId);
    }
    return undefined;
  });

  serve(router, listGuestTables, async ({ ctx, query }) => guestTables(deps, requireGuest(ctx), query()));

  serve(router, holdTableCall, async ({ ctx, body }) => {
    const guest = requireGuest(ctx);
    const { tableId } = await body();
    await holdLimit(ctx, guest.venueId);
    await mutate(ctx, deps, guest, async (trx) => ok(await holdTable(trx, deps, guest, tableId)));
    return undefined;
  });

  serve(router, releaseTableCall, async ({ ctx, body }) => {
    const guest = requireGuest(ctx);
    const { tableId } = await body();
    await mutate(ctx, deps, guest, async (trx) => ok(await releaseTable(trx, deps, guest, tableId)));
    return undefined;
  });

  serve(router, confirmTableCall, async ({ ctx, body }) => {
    const guest = requireGuest(ctx);
    const input = await body();
    await seatLimit(ctx, guest.venueId);
    await mutate(ctx, deps, guest, async (trx) => ok(await confirmTable(trx, deps, guest, input)));
    return undefined;
  });

  // The stored session id must be the cookie's: a guest seats only their own session.
  serve(router, updateGuestSession, async ({ ctx, params, body }) => {
    const guest = requireGuest(ctx);
    if (params().id !== guest.sessionId) throw notFound('Session');
    const { tableId } = await body();
    await seatLimit(ctx, guest.venueId);
    await mutate(ctx, deps, guest, async (trx) => ok(await confirmTable(trx, deps, guest, { tableId })));
    return undefined;
  });

  serve(router, getGuestWaitlistStatus, async ({ params }) => guestWaitlistStatus(deps.db, params().id));

  serve(router, getGuestSession, async ({ ctx }) => {
    const guest = requireGuest(ctx);
    const session = await findSession(deps.db, guest.sessionId);
    if (!session) throw notFound('Session');
    const table = session.table_id ? await findTableInVenue(deps.db, session.venue_id, session.table_id) : undefined;
    const venue = await findVenue(deps.db, session.venue_id);
    return {
      session: presentSession(session),
      tableName: table?.name ?? null,
      venueName: venue?.name ?? '',
      timeZone: venue?.tz ?? DEFAULT_TIMEZONE,
    };
  });

  return router;
}
