// Resolves every principal a request carries: a staff session cookie, a terminal credential, a
// guest session cookie. Routes then pick the one they need (policies/principals.ts).
import { createOrder, GUEST_SESSION_COOKIE, MESSAGES, STAFF_SESSION_COOKIE, VENUE_HEADER } from '@tablewise/shared';
import type Koa from 'koa';
import { LRUCache } from 'lru-cache';
import type {
  AppDeps,
  AppState,
  GuestActor,
  Principals,
  Queryable,
  StaffActor,
  TerminalActor,
  WaitingPhone,
} from '../context.js';
import { unauthorized } from '../errors.js';
import { resolveStaffScope } from '../policies/staff-scope.js';
import { presentUser } from '../presenters/index.js';
import { findLiveAuthSession } from '../repositories/auth-sessions.js';
import { findPhoneStanding } from '../repositories/party-phones.js';
import { findGuestSession } from '../repositories/sessions.js';
import { findActiveTerminalByCredentialHash } from '../repositories/terminals.js';
import { findUserById, listRolesOfUser } from '../repositories/users.js';
import { findVenueInOrg } from '../repositories/venues.js';
import { sha256Hex, verifyGuestCookieParts } from '../security/tokens.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export interface CredentialSources {
  staffToken?: string | undefined;
  terminalCredential?: string | undefined;
  guestCookie?: string | undefined;
  requestedVenueId?: string | undefined;
}

/** `Authorization: Terminal <credential>` → the credential. */
export function terminalCredentialOf(header: string | undefined): string | undefined {
  const match = /^Terminal\s+(\S+)$/i.exec(header ?? '');
  return match?.[1];
}

/** Guest sessions' scopes one instance keeps: far more than its venues seat in an evening. */
const SESSION_SCOPES_KEPT = 20_000;

/**
 * The organization and venue of each guest session this instance found active, by id. Neither
 * ever changes, so they are kept (the least recently used dropped first) for the calls that read
 * and check the guest's session themselves, in their first statement (selfCheckingGuestCall):
 * those take the guest's scope from here and do not read the session before it, one round trip
 * fewer. Whether the session is still open is then theirs to check, and a closed one is refused
 * there as here: 401.
 */
type SessionScopes = LRUCache<string, { orgId: string; venueId: string }>;

/** POST /api/orders reads and locks the guest's session in its first statement (readOrderContext). */
function selfCheckingGuestCall(method: string, path: string): boolean {
  return method === createOrder.method && path === createOrder.path;
}

/** For the guest of a call that checks the session itself: the scopes seen, and whether it does. */
interface GuestScoping {
  scopes: SessionScopes;
  selfChecking: boolean;
}

export async function resolvePrincipals(
  deps: Pick<AppDeps, 'db' | 'secret' | 'now'>,
  sources: CredentialSources,
  scoping?: GuestScoping,
): Promise<Principals> {
  const principals: Principals = {};
  if (sources.terminalCredential) {
    principals.terminal = await resolveTerminal(deps.db, sources.terminalCredential);
    if (!principals.terminal) throw unauthorized(MESSAGES.terminalCredentialInvalid);
  }
  if (sources.staffToken) {
    principals.staff = await resolveStaff(deps.db, sources.staffToken, sources.requestedVenueId, deps.now());
  }
  if (sources.guestCookie) {
    const guest = await resolveGuest(deps.db, deps.secret, sources.guestCookie, scoping);
    if (guest && 'declined' in guest) principals.waitingPhone = guest;
    else if (guest) principals.guest = guest;
  }
  return principals;
}

async function resolveTerminal(q: Queryable, credential: string): Promise<TerminalActor | undefined> {
  const row = await findActiveTerminalByCredentialHash(q, sha256Hex(credential));
  if (!row) return undefined;
  return { kind: 'terminal', terminalId: row.id, name: row.name, orgId: row.org_id, venueId: row.venue_id };
}

async function resolveStaff(
  q: Queryable,
  token: string,
  requestedVenueId: string | undefined,
  now: Date,
): Promise<StaffActor | undefined> {
  const authSessionId = sha256Hex(token);
  const session = await findLiveAuthSession(q, authSessionId, now);
  if (!session) return undefined;
  const [user, roles] = await Promise.all([findUserById(q, session.user_id), listRolesOfUser(q, session.user_id)]);
  if (!user) return undefined;
  const requested = requestedVenueId && UUID.test(requestedVenueId) ? requestedVenueId : null;
  const requestedVenueInOrg = requested ? Boolean(await findVenueInOrg(q, session.org_id, requested)) : false;
  const scope = resolveStaffScope({
    roles,
    orgId: session.org_id,
    defaultVenueId: session.venue_id,
    requestedVenueId: requested,
    requestedVenueInOrg,
  });
  if (!scope) return undefined;
  return { kind: 'staff', authSessionId, user: presentUser(user), ...scope };
}

/** Phones let in to a seated party (issue 27), by id: a phone let in stays in, so one instance
 * keeps them and does not read the phone again on every call. */
const APPROVED_PHONES_KEPT = 20_000;
const approvedPhones = new LRUCache<string, true>({ max: APPROVED_PHONES_KEPT });

/** A phone's standing with the party its cookie names: let in, waiting or turned away; null if
 * the phone is not that party's. */
async function phoneStanding(q: Queryable, sessionId: string, phoneId: string): Promise<string | null> {
  if (approvedPhones.get(phoneId)) return 'APPROVED';
  const row = await findPhoneStanding(q, phoneId);
  if (!row || row.session_id !== sessionId) return null;
  if (row.status === 'APPROVED') approvedPhones.set(phoneId, true);
  return row.status;
}

/** Guest cookies one instance keeps verified: a party's phones call many times an evening. */
const VERIFIED_COOKIES_KEPT = 20_000;
const verifiedCookies = new LRUCache<string, { sessionId: string; phoneId: string | null }>({
  max: VERIFIED_COOKIES_KEPT,
});

/**
 * The session and phone a guest cookie names, its signature checked once per cookie and secret
 * rather than on every call (issue 28: the HMAC was a twentieth of an order's CPU). Only cookies
 * that verified are kept, so a forged one is checked, and refused, every time.
 */
function verifiedGuestCookie(secret: string, cookie: string): { sessionId: string; phoneId: string | null } | null {
  const key = `${secret}\n${cookie}`;
  const known = verifiedCookies.get(key);
  if (known) return known;
  const parts = verifyGuestCookieParts(secret, cookie);
  if (parts) verifiedCookies.set(key, parts);
  return parts;
}

async function resolveGuest(
  q: Queryable,
  secret: string,
  cookie: string,
  scoping: GuestScoping | undefined,
): Promise<GuestActor | WaitingPhone | undefined> {
  const parts = verifiedGuestCookie(secret, cookie);
  if (!parts) return undefined;
  const { sessionId, phoneId } = parts;
  // A phone that joined a seated party is the party's only once let in (issue 27, finding 2).
  const standing = phoneId ? await phoneStanding(q, sessionId, phoneId) : 'APPROVED';
  if (!standing) return undefined;
  const phone = phoneId ? { phoneId } : {};
  const known = scoping?.selfChecking && standing === 'APPROVED' ? scoping.scopes.get(sessionId) : undefined;
  if (known) return { kind: 'guest', sessionId, ...known, tableId: null, ...phone };
  const session = await findGuestSession(q, sessionId);
  // A party's cookie grants nothing once its session closed (checkout, turnover): a phone left
  // behind, or a copied cookie, cannot read the bill or order onto the table's next party.
  if (session?.status !== 'ACTIVE') return undefined;
  scoping?.scopes.set(sessionId, { orgId: session.org_id, venueId: session.venue_id });
  const guest: GuestActor = {
    kind: 'guest',
    sessionId: session.id,
    orgId: session.org_id,
    venueId: session.venue_id,
    tableId: session.table_id,
    ...phone,
  };
  if (phoneId && standing !== 'APPROVED') return { ...guest, phoneId, declined: standing === 'DECLINED' };
  return guest;
}

export function principalsMiddleware(deps: Pick<AppDeps, 'db' | 'secret' | 'now'>): Koa.Middleware<AppState> {
  const scopes: SessionScopes = new LRUCache({ max: SESSION_SCOPES_KEPT });
  return async (ctx, next) => {
    ctx.state.principals = ctx.path.startsWith('/api')
      ? await resolvePrincipals(
          deps,
          {
            staffToken: ctx.cookies.get(STAFF_SESSION_COOKIE),
            terminalCredential: terminalCredentialOf(ctx.get('Authorization')),
            guestCookie: ctx.cookies.get(GUEST_SESSION_COOKIE),
            requestedVenueId: ctx.get(VENUE_HEADER) || undefined,
          },
          { scopes, selfChecking: selfCheckingGuestCall(ctx.method, ctx.path) },
        )
      : {};
    await next();
  };
}
