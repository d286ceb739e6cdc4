// The live hub at /ws. Each socket belongs to one venue and keeps `lastSent`, the last sequence
// number it has been given; events go out in sequence order, never twice and never skipped. A
// notification on tw_events (from any cloud instance, on commit) carries the venue's new events
// (or, when they are too large for it, says only which venue) and the hub hands them to every
// socket of that venue; whatever the notifications do not account for is read from the table.
// Issue 8: each event is turned into a frame once per audience (staff and terminals; guests, in
// their view) and that same buffer goes to every socket of the audience; a socket already at the
// feed's head is sent to at once, without a queue of its own. A socket that stops reading is
// dropped once more than `maxBufferedBytes` wait for it, rather than holding the memory; it
// reconnects and catches up from its cursor, a page at a time with back-pressure.
// Issue 7: a cookie upgrades only from an allowed origin, no credential rides in the URL, frames
// are at most LIVE_LIMITS.maxPayloadBytes, subscribes are rate limited per socket, and every
// socket's access is re-checked each LIVE_LIMITS.revalidateMs (closed with 4401 once it is gone).
import type { IncomingMessage, Server } from 'node:http';
import type { Duplex } from 'node:stream';
import {
  ClientMessage,
  GUEST_SESSION_COOKIE,
  LIVE_LIMITS,
  LIVE_PATH,
  LIVE_REVOKED_CLOSE_CODE,
  type LiveEvent,
  MESSAGES,
  type ServerMessage,
  STAFF_SESSION_COOKIE,
} from '@tablewise/shared';
import { type WebSocket, WebSocketServer } from 'ws';
import type { Actor, AppDeps, Principals } from '../context.js';
import type { Notifier } from '../db/notify.js';
import { AppError, forbidden, unauthorized } from '../errors.js';
import { originAllowed } from '../middleware/origin-check.js';
import { resolvePrincipals, terminalCredentialOf, VENUE_HEADER } from '../middleware/principals.js';
import { resolveStaffScope, type StaffScope } from '../policies/staff-scope.js';
import { databaseEpoch } from '../repositories/database-epoch.js';
import {
  EVENTS_CHANNEL,
  listEventsAfter,
  parseEventsNotification,
  REVOCATIONS_CHANNEL,
} from '../repositories/events.js';
import { type LiveAccessRow, listLiveAccess } from '../repositories/live-access.js';
import { listOrderIdsOfSession } from '../repositories/orders.js';
import type { UserRoleRow } from '../repositories/rows.js';
import { currentEventSeq } from '../repositories/venues.js';
import { waitlistIdsOfSession } from '../repositories/waitlist.js';
import { type GuestAudience, guestSees, guestViewOf } from './audience.js';

const PAGE = 500;
/** Recent events kept per venue so a burst is read from the database once, not once per socket. */
const RECENT_LIMIT = 1000;

/**
 * Close code for a socket whose credential was revoked (terminal unpaired, staff logged out).
 * @internal exported for its test
 */
export const REVOKED_CLOSE_CODE = LIVE_REVOKED_CLOSE_CODE;

/** Query parameters that would carry a credential: a URL ends up in logs, histories and proxies. */
const CREDENTIAL_PARAMS = ['credential', 'token', 'access_token', STAFF_SESSION_COOKIE, GUEST_SESSION_COOKIE];

/** What a socket's access rests on, as the periodic re-check finds it again. */
type Access =
  | { kind: 'terminal'; terminalId: string }
  | { kind: 'guest'; sessionId: string }
  | { kind: 'staff'; authSessionId: string; scope: StaffScope };

interface Client {
  ws: WebSocket;
  /** Work queued on `queue` and not finished: while any is, every send goes through the queue. */
  queued: number;
  /** The credential it authenticated with, as revocations name it. */
  credentialRef: string;
  access: Access;
  venueId: string;
  guest: GuestAudience | null;
  lastSent: number;
  /** Serialises this socket's work so sends never interleave out of order. */
  queue: Promise<void>;
  alive: boolean;
  /** Subscribes counted in the current window, and refusals since the last one allowed. */
  subscribes: { windowStart: number; count: number; refusedInARow: number };
}

/** An event with the frames it goes out as, each made once, whatever the number of sockets. */
interface FeedEvent {
  seq: number;
  event: LiveEvent;
  /** The JSON text as staff and terminal sockets receive it. */
  staffFrame: Buffer;
  /** The guest view's JSON text, made when the first guest socket needs it. */
  guestFrame: Buffer | null;
}

interface VenueFeed {
  venueId: string;
  clients: Set<Client>;
  /** The newest sequence number this hub has read. */
  lastSeq: number;
  /** The newest events read, contiguous, ending at lastSeq. */
  recent: FeedEvent[];
  refreshing: Promise<void>;
  /** A refresh is queued and has not started: a notification arriving now is answered by it. */
  refreshQueued: boolean;
  /** Events notifications carried since the last refresh started, in commit order. */
  carried: LiveEvent[];
  /** The next refresh reads the table (a notification without its events, a re-read, a new socket). */
  mustRead: boolean;
}

export interface HubOptions {
  /** How often every venue with sockets is re-read, in case a notification was lost. */
  safetyPollMs?: number;
  heartbeatMs?: number;
  /** How often every socket's principal is re-checked (LIVE_LIMITS.revalidateMs). */
  revalidateMs?: number;
  /** Bytes queued for one socket past which it is dropped (DEFAULT_MAX_BUFFERED_BYTES). */
  maxBufferedBytes?: number;
}

/**
 * About 350 order events of 2.9 KB waiting for one socket: a client that far behind is better off
 * reconnecting and catching up from its cursor (paged, with back-pressure) than the cloud holding
 * the bytes, which for 2,000 stalled sockets would be gigabytes.
 */
const DEFAULT_MAX_BUFFERED_BYTES = 1024 * 1024;

/** Sent as text frames: a Buffer would otherwise go out as a binary frame. */
const TEXT = { binary: false } as const;

function feedEventOf(event: LiveEvent): FeedEvent {
  return { seq: event.seq, event, staffFrame: Buffer.from(JSON.stringify(event)), guestFrame: null };
}

/** The TCP socket under a ws connection (ws keeps it as `_socket`; null once it is closed). */
function socketOf(ws: WebSocket): Duplex | undefined {
  return (ws as unknown as { _socket?: Duplex | null })._socket ?? undefined;
}

function guestFrameOf(entry: FeedEvent): Buffer {
  entry.guestFrame ??= Buffer.from(JSON.stringify(guestViewOf(entry.event)));
  return entry.guestFrame;
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

export class LiveHub {
  private readonly wss = new WebSocketServer({ noServer: true, maxPayload: LIVE_LIMITS.maxPayloadBytes });
  private readonly feeds = new Map<string, VenueFeed>();
  private readonly timers: NodeJS.Timeout[] = [];
  private readonly unlisteners: Array<() => Promise<void>> = [];
  private closed = false;
  private revalidating = false;

  constructor(
    private readonly deps: Pick<AppDeps, 'db' | 'secret' | 'now' | 'log' | 'publicUrl'>,
    private readonly opts: HubOptions = {},
  ) {}

  async start(server: Server, notifier: Notifier): Promise<void> {
    this.unlisteners.push(await notifier.listen(EVENTS_CHANNEL, (payload) => this.notified(payload)));
    this.unlisteners.push(await notifier.listen(REVOCATIONS_CHANNEL, (ref) => this.revoked(ref)));
    server.on('upgrade', (req, socket, head) => {
      this.upgrade(req, socket, head).catch((error) => {
        this.deps.log(`live upgrade failed: ${(error as Error).stack ?? error}`);
        socket.destroy();
      });
    });
    const poll = setInterval(() => this.refreshAll(), this.opts.safetyPollMs ?? 5000);
    const heartbeat = setInterval(() => this.heartbeat(), this.opts.heartbeatMs ?? 30_000);
    const revalidate = setInterval(() => {
      this.revalidate().catch((error) => this.deps.log(`live re-check failed: ${(error as Error).stack ?? error}`));
    }, this.opts.revalidateMs ?? LIVE_LIMITS.revalidateMs);
    poll.unref();
    heartbeat.unref();
    revalidate.unref();
    this.timers.push(poll, heartbeat, revalidate);
  }

  /** Re-reads every venue that has sockets (after the LISTEN connection came back, say). */
  refreshAll(): void {
    for (const feed of this.feeds.values()) this.refresh(feed);
  }

  /** A venue's events committed (on any instance): hand them on, read from the table if not carried. */
  private notified(payload: string): void {
    const { venueId, events } = parseEventsNotification(payload);
    const feed = this.feeds.get(venueId);
    if (feed) this.refresh(feed, events as LiveEvent[] | null);
  }

  /** Closes every socket that authenticated with a credential that is no longer valid. */
  revoked(ref: string): void {
    for (const feed of this.feeds.values()) {
      for (const client of feed.clients) {
        if (client.credentialRef === ref) client.ws.close(REVOKED_CLOSE_CODE, 'Credential revoked');
      }
    }
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
      const clients = [...this.feeds.values()].flatMap((feed) => [...feed.clients]);
      if (clients.length === 0) return;
      const ids = { staff: new Set<string>(), guest: new Set<string>(), terminal: new Set<string>() };
      for (const { access } of clients) ids[access.kind].add(refOf(access));
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
      for (const client of clients) {
        const mine = found.get(`${client.access.kind}:${refOf(client.access)}`) ?? [];
        if (!stillHolds(client, mine)) client.ws.close(REVOKED_CLOSE_CODE, 'Access changed');
      }
    } finally {
      this.revalidating = false;
    }
  }

  async close(): Promise<void> {
    this.closed = true;
    for (const timer of this.timers) clearInterval(timer);
    for (const unlisten of this.unlisteners) await unlisten().catch(() => {});
    for (const feed of this.feeds.values())
      for (const client of feed.clients) client.ws.close(1001, 'Server shutting down');
    this.feeds.clear();
    await new Promise<void>((resolve) => this.wss.close(() => resolve()));
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

  private async upgrade(req: IncomingMessage, socket: Duplex, head: Buffer): Promise<void> {
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
    const guest: GuestAudience | null =
      actor.kind === 'guest'
        ? {
            sessionId: actor.sessionId,
            orderIds: new Set(await listOrderIdsOfSession(this.deps.db, actor.sessionId)),
            waitlistIds: new Set(await waitlistIdsOfSession(this.deps.db, actor.sessionId)),
          }
        : null;

    this.wss.handleUpgrade(req, socket, head, (ws) => {
      const client: Client = {
        ws,
        credentialRef,
        access: accessOf(actor),
        venueId: actor.venueId,
        guest,
        lastSent: lastSeq,
        queued: 0,
        queue: Promise.resolve(),
        alive: true,
        subscribes: { windowStart: Date.now(), count: 0, refusedInARow: 0 },
      };
      this.send(client, { type: 'hello', venueId: actor.venueId, lastSeq, epoch });
      ws.on('message', (data) => this.onMessage(client, data.toString()));
      ws.on('pong', () => {
        client.alive = true;
      });
      ws.on('close', () => this.remove(client));
      ws.on('error', () => this.remove(client));
      const known = this.feeds.has(actor.venueId);
      const feed = this.feedOf(actor.venueId, lastSeq);
      feed.clients.add(client);
      // Events committed between reading lastSeq and joining the feed are caught up here (a new
      // feed may have missed their notification, which arrived while nobody listened).
      if (!known || feed.lastSeq < lastSeq) this.refresh(feed);
      else if (feed.lastSeq > lastSeq) this.pump(client);
    });
  }

  private feedOf(venueId: string, lastSeq: number): VenueFeed {
    let feed = this.feeds.get(venueId);
    if (!feed) {
      feed = {
        venueId,
        clients: new Set(),
        lastSeq,
        recent: [],
        refreshing: Promise.resolve(),
        refreshQueued: false,
        carried: [],
        mustRead: false,
      };
      this.feeds.set(venueId, feed);
    }
    return feed;
  }

  private remove(client: Client): void {
    const feed = this.feeds.get(client.venueId);
    if (!feed) return;
    feed.clients.delete(client);
    if (feed.clients.size === 0) this.feeds.delete(client.venueId);
  }

  private onMessage(client: Client, text: string): void {
    let parsed: ReturnType<typeof ClientMessage.safeParse>;
    try {
      parsed = ClientMessage.safeParse(JSON.parse(text));
    } catch {
      this.send(client, { type: 'error', message: MESSAGES.invalidJsonBody });
      return;
    }
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      const field = issue?.path.length ? issue.path.map(String).join('.') : 'type';
      this.send(client, {
        type: 'error',
        message: MESSAGES.invalidField(field, issue?.message ?? 'not a known message'),
      });
      return;
    }
    const message = parsed.data;
    switch (message.type) {
      case 'ping':
        this.send(client, { type: 'pong' });
        return;
      case 'subscribe':
        if (!this.maySubscribe(client)) return;
        // Queued behind earlier sends, so the cursor moves only between whole batches.
        this.enqueue(client, async () => {
          if (message.after !== undefined) client.lastSent = message.after;
        });
        this.pump(client);
        return;
      default: {
        const never: never = message;
        throw new Error(`Unknown client message ${String(never)}`);
      }
    }
  }

  /** Each subscribe may read the database, so a socket gets a few a second; a flood closes it. */
  private maySubscribe(client: Client): boolean {
    const { perWindow, windowMs, refusalsBeforeClose } = LIVE_LIMITS.subscribe;
    const now = Date.now();
    const counter = client.subscribes;
    if (now - counter.windowStart >= windowMs) {
      counter.windowStart = now;
      counter.count = 0;
    }
    if (counter.count < perWindow) {
      counter.count += 1;
      counter.refusedInARow = 0;
      return true;
    }
    counter.refusedInARow += 1;
    this.send(client, { type: 'error', message: MESSAGES.liveSubscribeTooOften });
    if (counter.refusedInARow >= refusalsBeforeClose) {
      client.ws.close(LIVE_LIMITS.policyCloseCode, 'Subscribing too often');
    }
    return false;
  }

  private send(client: Client, message: ServerMessage): void {
    if (client.ws.readyState === client.ws.OPEN) client.ws.send(JSON.stringify(message));
  }

  /**
   * Takes the venue's new events, once for all its sockets, from the notifications (`carried`) or,
   * for any they do not account for without a gap, from the table; then feeds every socket. While
   * a refresh waits its turn, further notifications join it instead of queueing reads of their own.
   */
  private refresh(feed: VenueFeed, carried: LiveEvent[] | null = null): void {
    if (carried) feed.carried.push(...carried);
    else feed.mustRead = true;
    if (feed.refreshQueued) return;
    feed.refreshQueued = true;
    feed.refreshing = feed.refreshing
      // After this turn of the event loop: every notification it brings joins this refresh, so when
      // the process is busy and events pile up, each socket gets them in one write, not one each.
      .then(() => new Promise((resolve) => setImmediate(resolve)))
      .then(async () => {
        feed.refreshQueued = false;
        const before = feed.lastSeq;
        let read = feed.mustRead;
        feed.mustRead = false;
        for (const event of feed.carried.splice(0)) {
          if (event.seq <= feed.lastSeq) continue;
          if (event.seq !== feed.lastSeq + 1) {
            read = true;
            break;
          }
          feed.recent.push(feedEventOf(event));
          feed.lastSeq = event.seq;
        }
        while (read) {
          const rows = await listEventsAfter(this.deps.db, feed.venueId, feed.lastSeq, PAGE);
          for (const row of rows) {
            feed.recent.push(feedEventOf(row.payload_json as LiveEvent));
            feed.lastSeq = row.seq;
          }
          read = rows.length === PAGE;
        }
        if (feed.recent.length > RECENT_LIMIT) feed.recent.splice(0, feed.recent.length - RECENT_LIMIT);
        this.broadcast(feed, before);
      })
      .catch((error) =>
        this.deps.log(`live refresh of venue ${feed.venueId} failed: ${(error as Error).stack ?? error}`),
      );
  }

  /**
   * Hands the events after `before` to every socket of the feed. A socket that had everything up to
   * `before` and has nothing queued is sent the frames now; any other behind the feed catches up
   * through its queue (so the safety poll also retries a catch-up that failed).
   */
  private broadcast(feed: VenueFeed, before: number): void {
    const fresh = feed.lastSeq > before ? this.recentAfter(feed, before) : null;
    for (const client of feed.clients) {
      if (client.queued === 0 && client.lastSent >= feed.lastSeq) continue;
      if (fresh && client.queued === 0 && client.lastSent === before) {
        this.deliver(client, fresh);
        this.dropIfStalled(client);
      } else {
        this.pump(client);
      }
    }
  }

  /** The kept events after `after`, or null when some of them are no longer kept. */
  private recentAfter(feed: VenueFeed, after: number): FeedEvent[] | null {
    const first = feed.recent[0];
    if (!first || after + 1 < first.seq) return null;
    return feed.recent.slice(after + 1 - first.seq);
  }

  /**
   * Sends the events the socket has not had yet, each as its audience's frame, in order;
   * `whenSent` runs once the last of them has been handed to the network.
   */
  private deliver(client: Client, events: readonly FeedEvent[], whenSent?: () => void): void {
    const { ws, guest } = client;
    // A system call per frame is most of a broadcast's cost: frames that go out together leave in
    // one write. ws corks its socket around each frame; corks nest, so this one holds them all.
    const socket = events.length > 1 ? socketOf(ws) : undefined;
    socket?.cork();
    // Each frame is sent once the next one is known, so the last one can carry `whenSent`.
    let held: Buffer | null = null;
    for (const entry of events) {
      if (entry.seq <= client.lastSent) continue;
      if (ws.readyState !== ws.OPEN) break;
      const frame = !guest ? entry.staffFrame : guestSees(guest, entry.event) ? guestFrameOf(entry) : null;
      if (frame) {
        if (held) ws.send(held, TEXT);
        held = frame;
      }
      client.lastSent = entry.seq;
    }
    if (held && ws.readyState === ws.OPEN) ws.send(held, TEXT, whenSent && (() => whenSent()));
    else whenSent?.();
    socket?.uncork();
  }

  /**
   * A socket that does not read what it is sent keeps its frames in this process's memory; past
   * the bound it is cut (no close frame, which would queue behind the rest) and, like any dropped
   * client, reconnects and catches up from its cursor.
   */
  private dropIfStalled(client: Client): void {
    const bound = this.opts.maxBufferedBytes ?? DEFAULT_MAX_BUFFERED_BYTES;
    if (client.ws.bufferedAmount <= bound) return;
    this.deps.log(`live socket of venue ${client.venueId} dropped: ${client.ws.bufferedAmount} bytes unread`);
    client.ws.terminate();
    this.remove(client);
  }

  private enqueue(client: Client, work: () => Promise<void>): void {
    client.queued += 1;
    client.queue = client.queue
      .then(work)
      .catch((error) => this.deps.log(`live send failed: ${(error as Error).stack ?? error}`))
      .finally(() => {
        client.queued -= 1;
      });
  }

  private pump(client: Client): void {
    this.enqueue(client, () => this.drain(client));
  }

  /**
   * Catches the socket up to the feed's head from the kept events or, further back, the database,
   * a page at a time: the next page is read once the last one has left for the socket, so a
   * client far behind never has more than a page queued in this process.
   */
  private async drain(client: Client): Promise<void> {
    const feed = this.feeds.get(client.venueId);
    while (feed && client.ws.readyState === client.ws.OPEN && client.lastSent < feed.lastSeq) {
      const batch =
        this.recentAfter(feed, client.lastSent) ??
        (await listEventsAfter(this.deps.db, client.venueId, client.lastSent, PAGE)).map((r) =>
          feedEventOf(r.payload_json as LiveEvent),
        );
      if (batch.length === 0) return;
      await new Promise<void>((resolve) => this.deliver(client, batch, resolve));
    }
  }

  private heartbeat(): void {
    for (const feed of this.feeds.values()) {
      for (const client of feed.clients) {
        if (!client.alive) {
          client.ws.terminate();
          continue;
        }
        client.alive = false;
        client.ws.ping();
      }
    }
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
function stillHolds(client: Client, mine: readonly LiveAccessRow[]): boolean {
  const { access } = client;
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
        requestedVenueId: client.venueId,
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
