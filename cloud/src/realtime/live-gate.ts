// The door of the live channel, on the API's process: an upgrade to /ws is authenticated here (a
// cookie only from an allowed origin, no credential in the URL), the venue's cursor read, and the
// socket handed to the hub that will feed it (in this process, or a fan-out process of its own).
// The gate keeps what each socket's access rests on and closes, through the hub, every socket
// whose credential is revoked (a notice on tw_revoked) or whose access no longer holds when it is
// re-checked each LIVE_LIMITS.revalidateMs. The hub tells the gate when a socket is gone.
import { randomUUID } from 'node:crypto';
import type { IncomingMessage, Server } from 'node:http';
import type { Duplex } from 'node:stream';
import {
  GUEST_SESSION_COOKIE,
  LIVE_LIMITS,
  LIVE_PATH,
  LIVE_REVOKED_CLOSE_CODE,
  MESSAGES,
  STAFF_SESSION_COOKIE,
  VENUE_HEADER,
} from '@tablewise/shared';
import { acceptableRequestId } from '@tablewise/shared/logging';
import type { Actor, AppDeps, Principals } from '../context.js';
import type { Notifier } from '../db/notify.js';
import { AppError, forbidden, unauthorized } from '../errors.js';
import { inRequest } from '../log/logger.js';
import { originAllowed } from '../middleware/origin-check.js';
import { resolvePrincipals, terminalCredentialOf } from '../middleware/principals.js';
import { resolveStaffScope, type StaffScope } from '../policies/staff-scope.js';
import { databaseEpoch } from '../repositories/database-epoch.js';
import { REVOCATIONS_CHANNEL } from '../repositories/events.js';
import { type LiveAccessRow, listLiveAccess } from '../repositories/live-access.js';
import { listOrderIdsOfSession } from '../repositories/orders.js';
import type { UserRoleRow } from '../repositories/rows.js';
import { currentEventSeq } from '../repositories/venues.js';
import { waitlistIdsOfSession } from '../repositories/waitlist.js';
import type { Admission, UpgradeRequest } from './hub.js';

/**
 * Close code for a socket whose credential was revoked (terminal unpaired, staff logged out).
 * @internal exported for its test
 */
export const REVOKED_CLOSE_CODE = LIVE_REVOKED_CLOSE_CODE;

/** Query parameters that would carry a credential: a URL ends up in logs, histories and proxies. */
const CREDENTIAL_PARAMS = ['credential', 'token', 'access_token', STAFF_SESSION_COOKIE, GUEST_SESSION_COOKIE];

/** Where admitted sockets go: the hub that holds and feeds them. */
export interface LiveSink {
  accept(id: string, req: UpgradeRequest, socket: Duplex, head: Buffer, admission: Admission): void;
  closeClients(ids: readonly string[], code: number, reason: string): void;
}

/** What a socket's access rests on, as the periodic re-check finds it again. */
type Access =
  | { kind: 'terminal'; terminalId: string }
  | { kind: 'guest'; sessionId: string }
  | { kind: 'staff'; authSessionId: string; scope: StaffScope };

interface Admitted {
  /** The credential it authenticated with, as revocations name it. */
  credentialRef: string;
  access: Access;
  venueId: string;
}

function parseCookies(header: string | undefined): Map<string, string> {
  const cookies = new Map<string, string>();
  for (const part of (header ?? '').split(';')) {
    const at = part.indexOf('=');
    if (at > 0) cookies.set(part.slice(0, at).trim(), part.slice(at + 1).trim());
  }
  return cookies;
}

const REASONS: Record<number, string> = { 401: 'Unauthorized', 403: 'Forbidden', 404: 'Not Found' };

function refuse(socket: Duplex, error: AppError): void {
  const body = JSON.stringify(error.body());
  const status = error.status;
  const reason = REASONS[status] ?? 'Bad Request';
  socket.end(
    `HTTP/1.1 ${status} ${reason}\r\nContent-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
  );
}

export class LiveGate {
  /** Every socket handed to the sink and not yet gone, by id. */
  private readonly admitted = new Map<string, Admitted>();
  private readonly timers: NodeJS.Timeout[] = [];
  private readonly unlisteners: Array<() => Promise<void>> = [];
  private nextId = 0;
  private closed = false;
  private revalidating = false;

  constructor(
    private readonly deps: Pick<AppDeps, 'db' | 'secret' | 'now' | 'log' | 'publicUrl'>,
    private readonly sink: LiveSink,
    private readonly opts: { revalidateMs?: number } = {},
  ) {}

  async start(server: Server, notifier: Notifier): Promise<void> {
    this.unlisteners.push(await notifier.listen(REVOCATIONS_CHANNEL, (ref) => this.revoked(ref)));
    server.on('upgrade', (req, socket, head) => {
      // The upgrade is a request like any other: its id (kept from a proxy's X-Request-Id) names the
      // socket's lines here and in the fan-out process that feeds it.
      const given = req.headers['x-request-id'];
      const reqId = typeof given === 'string' && acceptableRequestId(given) ? given : randomUUID();
      inRequest(reqId, () =>
        this.upgrade(req, socket, head, reqId).catch((error) => {
          this.deps.log.error({ err: error }, 'live upgrade failed');
          socket.destroy();
        }),
      );
    });
    const revalidate = setInterval(() => {
      this.revalidate().catch((error) => this.deps.log.error({ err: error }, 'live re-check failed'));
    }, this.opts.revalidateMs ?? LIVE_LIMITS.revalidateMs);
    revalidate.unref();
    this.timers.push(revalidate);
  }

  /** The sockets admitted and not yet gone, by who holds them (for /metrics). */
  socketCounts(): Record<Access['kind'], number> {
    const counts = { staff: 0, guest: 0, terminal: 0 };
    for (const { access } of this.admitted.values()) counts[access.kind] += 1;
    return counts;
  }

  /** The hub no longer holds the socket. */
  gone(id: string): void {
    this.admitted.delete(id);
  }

  /** Closes every socket that authenticated with a credential that is no longer valid. */
  revoked(ref: string): void {
    const ids = [...this.admitted].filter(([, a]) => a.credentialRef === ref).map(([id]) => id);
    if (ids.length > 0) this.sink.closeClients(ids, REVOKED_CLOSE_CODE, 'Credential revoked');
  }

  /**
   * Closes every socket whose access no longer holds: a staff login expired or deleted, or its
   * user's role or permissions changed (the client reconnects and gets what it may now see); a
   * party's session no longer ACTIVE; a terminal revoked (in case its notification was lost).
   */
  async revalidate(): Promise<void> {
    if (this.revalidating) return;
    this.revalidating = true;
    try {
      const sockets = [...this.admitted];
      if (sockets.length === 0) return;
      const ids = { staff: new Set<string>(), guest: new Set<string>(), terminal: new Set<string>() };
      for (const [, { access }] of sockets) ids[access.kind].add(refOf(access));
      const rows = await listLiveAccess(
        this.deps.db,
        { staff: [...ids.staff], guest: [...ids.guest], terminal: [...ids.terminal] },
        this.deps.now(),
      );
      const found = new Map<string, LiveAccessRow[]>();
      for (const row of rows) {
        const key = `${row.kind}:${row.ref}`;
        found.set(key, [...(found.get(key) ?? []), row]);
      }
      const lost = sockets
        .filter(([, a]) => !stillHolds(a, found.get(`${a.access.kind}:${refOf(a.access)}`) ?? []))
        .map(([id]) => id);
      if (lost.length > 0) this.sink.closeClients(lost, REVOKED_CLOSE_CODE, 'Access changed');
    } finally {
      this.revalidating = false;
    }
  }

  async close(): Promise<void> {
    this.closed = true;
    for (const timer of this.timers) clearInterval(timer);
    for (const unlisten of this.unlisteners) await unlisten().catch(() => {});
  }

  private async principalsOf(req: IncomingMessage, url: URL, cookies: Map<string, string>): Promise<Principals> {
    const venueHeader = req.headers[VENUE_HEADER.toLowerCase()];
    return resolvePrincipals(this.deps, {
      staffToken: cookies.get(STAFF_SESSION_COOKIE),
      terminalCredential: terminalCredentialOf(req.headers.authorization),
      guestCookie: cookies.get(GUEST_SESSION_COOKIE),
      requestedVenueId: typeof venueHeader === 'string' ? venueHeader : (url.searchParams.get('venueId') ?? undefined),
    });
  }

  private async upgrade(req: IncomingMessage, socket: Duplex, head: Buffer, reqId: string): Promise<void> {
    const url = new URL(req.url ?? '/', 'http://hub.invalid');
    if (url.pathname !== LIVE_PATH) return refuse(socket, new AppError(404, 'not_found', MESSAGES.notFound('Route')));
    if (CREDENTIAL_PARAMS.some((name) => url.searchParams.has(name))) {
      return refuse(socket, unauthorized(MESSAGES.liveCredentialInUrl));
    }
    const cookies = parseCookies(req.headers.cookie);
    // A browser sends its cookies to /ws from any page (cross-site WebSocket hijacking), so a
    // cookie counts only from an allowed origin, by the rule HTTP writes follow. A terminal's
    // Authorization header is not something a foreign page can make a browser send.
    const byCookie = cookies.has(STAFF_SESSION_COOKIE) || cookies.has(GUEST_SESSION_COOKIE);
    const origin = req.headers.origin;
    if (byCookie && origin && !originAllowed(origin, req.headers.host, this.deps.publicUrl)) {
      return refuse(socket, forbidden(MESSAGES.forbiddenOrigin));
    }
    let principals: Principals;
    try {
      principals = await this.principalsOf(req, url, cookies);
    } catch (error) {
      if (error instanceof AppError) return refuse(socket, error);
      throw error;
    }
    const actor = principals.terminal ?? principals.staff ?? principals.guest;
    if (!actor || this.closed) return refuse(socket, unauthorized(MESSAGES.authenticationRequired));

    const credentialRef =
      actor.kind === 'terminal'
        ? `terminal:${actor.terminalId}`
        : actor.kind === 'staff'
          ? `staff:${actor.authSessionId}`
          : `guest:${actor.sessionId}`;
    // Read before the socket opens, so the socket's first message can be sent at once.
    const lastSeq = await currentEventSeq(this.deps.db, actor.venueId);
    const epoch = await databaseEpoch(this.deps.db);
    const guest =
      actor.kind === 'guest'
        ? {
            sessionId: actor.sessionId,
            orderIds: await listOrderIdsOfSession(this.deps.db, actor.sessionId),
            waitlistIds: await waitlistIdsOfSession(this.deps.db, actor.sessionId),
          }
        : null;
    if (this.closed || socket.destroyed) {
      socket.destroy();
      return;
    }
    this.nextId += 1;
    const id = String(this.nextId);
    this.admitted.set(id, { credentialRef, access: accessOf(actor), venueId: actor.venueId });
    const request: UpgradeRequest = { method: req.method, url: req.url, headers: req.headers };
    this.sink.accept(id, request, socket, head, { venueId: actor.venueId, lastSeq, epoch, guest, reqId });
  }
}

function accessOf(actor: Actor): Access {
  switch (actor.kind) {
    case 'terminal':
      return { kind: 'terminal', terminalId: actor.terminalId };
    case 'guest':
      return { kind: 'guest', sessionId: actor.sessionId };
    case 'staff':
      return {
        kind: 'staff',
        authSessionId: actor.authSessionId,
        scope: { orgId: actor.orgId, venueId: actor.venueId, role: actor.role, permissions: actor.permissions },
      };
    default: {
      const never: never = actor;
      throw new Error(`Unknown actor ${String(never)}`);
    }
  }
}

function refOf(access: Access): string {
  switch (access.kind) {
    case 'terminal':
      return access.terminalId;
    case 'guest':
      return access.sessionId;
    case 'staff':
      return access.authSessionId;
    default: {
      const never: never = access;
      throw new Error(`Unknown access ${String(never)}`);
    }
  }
}

/** Whether the socket keeps its access, from the re-check's rows for its principal. */
function stillHolds(socket: Admitted, mine: readonly LiveAccessRow[]): boolean {
  const { access } = socket;
  switch (access.kind) {
    case 'terminal':
    case 'guest':
      return mine.length > 0;
    case 'staff': {
      const session = mine[0];
      if (!session?.org_id || !session.venue_id) return false;
      const roles: UserRoleRow[] = mine
        .filter((r) => r.role_id !== null)
        .sort(
          (a, b) =>
            (a.role_created_at?.getTime() ?? 0) - (b.role_created_at?.getTime() ?? 0) ||
            String(a.role_id).localeCompare(String(b.role_id)),
        )
        .map((r) => ({
          id: r.role_id as string,
          user_id: r.user_id as string,
          organization_id: r.role_org_id as string,
          venue_id: r.role_venue_id,
          role: r.role as string,
          permissions: r.permissions ?? [],
        }));
      // The venue it was given stays in the organization, so ask for it again.
      const scope = resolveStaffScope({
        roles,
        orgId: session.org_id,
        defaultVenueId: session.venue_id,
        requestedVenueId: socket.venueId,
        requestedVenueInOrg: true,
      });
      return scope !== null && sameScope(scope, access.scope);
    }
    default: {
      const never: never = access;
      throw new Error(`Unknown access ${String(never)}`);
    }
  }
}

function sameScope(a: StaffScope, b: StaffScope): boolean {
  const permissions = (s: StaffScope) => [...new Set(s.permissions)].sort().join('\n');
  return a.orgId === b.orgId && a.venueId === b.venueId && a.role === b.role && permissions(a) === permissions(b);
}
