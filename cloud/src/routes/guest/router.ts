import {
  GUEST_SESSION_COOKIE,
  type GuestCheckinAnswer,
  getGuestSession,
  getTableQr,
  guestCheckin,
  listGuestOrders,
  scanEntrance,
  scanTable as scanTableCall,
} from '@tablewise/shared';
import { checkIn, scanTable, tableQr, verifiedTarget } from '../../commands/guest.js';
import { ordersOfSession } from '../../commands/orders.js';
import type { AppDeps } from '../../context.js';
import { notFound } from '../../errors.js';
import { requireGuest, requireVenueActor } from '../../policies/principals.js';
import { presentSession } from '../../presenters/index.js';
import { findSession } from '../../repositories/sessions.js';
import { findTableInVenue } from '../../repositories/tables.js';
import { signGuestCookie } from '../../security/tokens.js';
import { type AppRouter, type Ctx, mutate, newRouter, ok, serve } from '../http.js';
import { guestRateLimit } from './rate-limits.js';

const GUEST_COOKIE_MAX_AGE_MS = 24 * 60 * 60 * 1000;

function setGuestCookie(ctx: Ctx, secret: string, sessionId: string): void {
  ctx.cookies.set(GUEST_SESSION_COOKIE, signGuestCookie(secret, sessionId), {
    httpOnly: true,
    sameSite: 'lax',
    path: '/',
    maxAge: GUEST_COOKIE_MAX_AGE_MS,
    secure: ctx.secure,
    overwrite: true,
  });
}

export function guestRouter(deps: AppDeps): AppRouter {
  const router = newRouter();
  const scanLimit = guestRateLimit('scan');
  const checkinLimit = guestRateLimit('checkin');
  const guestSessionOf = (ctx: Ctx) => ctx.state.principals.guest?.sessionId;

  serve(router, getTableQr, async ({ ctx, params }) => {
    const actor = requireVenueActor(ctx);
    return tableQr(deps, actor, params().id);
  });

  serve(router, scanTableCall, async ({ ctx, body }) => {
    await scanLimit(ctx, guestSessionOf(ctx));
    return scanTable(deps, await body());
  });

  // The entrance code and a table's code are the same signed link; at the entrance any table's
  // code is accepted and leads to check-in at that table.
  serve(router, scanEntrance, async ({ ctx, body }) => {
    await scanLimit(ctx, guestSessionOf(ctx));
    return scanTable(deps, { qrData: (await body()).qrData });
  });

  serve(router, listGuestOrders, async ({ ctx }) => ordersOfSession(deps.db, requireGuest(ctx).sessionId));

  serve(router, guestCheckin, async ({ ctx, body }) => {
    await checkinLimit(ctx, guestSessionOf(ctx));
    const input = await body();
    // The token names the venue, and so the organization that owns the idempotency record.
    const { venue, target } = await verifiedTarget(deps.db, deps.secret, input.token);
    const answer = await mutate(ctx, deps, { principal: `qr:${target.tableId}`, orgId: venue.org_id }, async (trx) => {
      const result = await checkIn(trx, deps, input);
      const query = new URLSearchParams({ sessionId: result.sessionId, tableId: result.tableId });
      const checkedIn: GuestCheckinAnswer = {
        success: true,
        type: 'session_created',
        sessionId: result.sessionId,
        tableId: result.tableId,
        tableName: result.tableName,
        redirectUrl: `/guest/table-confirmation?${query.toString()}`,
      };
      return ok(checkedIn);
    });
    // A replayed check-in sets the cookie too: the phone that retried is the one seated.
    const sessionId = (answer.body as GuestCheckinAnswer | undefined)?.sessionId;
    if (answer.status === 200 && sessionId) setGuestCookie(ctx, deps.secret, sessionId);
    return undefined;
  });

  serve(router, getGuestSession, async ({ ctx }) => {
    const guest = requireGuest(ctx);
    const session = await findSession(deps.db, guest.sessionId);
    if (!session) throw notFound('Session');
    const table = session.table_id ? await findTableInVenue(deps.db, session.venue_id, session.table_id) : undefined;
    return { session: presentSession(session), tableName: table?.name ?? null };
  });

  return router;
}
