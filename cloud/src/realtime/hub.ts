// The live hub at /ws. Each socket belongs to one venue and keeps `lastSent`, the last sequence
// number it has been given; events go out in sequence order, never twice and never skipped. A
// notification on tw_events (from any cloud instance, on commit) makes the hub read the venue's
// new events once and hand them to every socket of that venue.
import type { IncomingMessage, Server } from 'node:http';
import type { Duplex } from 'node:stream';
import {
  ClientMessage,
  GUEST_SESSION_COOKIE,
  LIVE_PATH,
  type LiveEvent,
  MESSAGES,
  type ServerMessage,
  STAFF_SESSION_COOKIE,
} from '@tablewise/shared';
import { type WebSocket, WebSocketServer } from 'ws';
import type { AppDeps, Principals } from '../context.js';
import type { Notifier } from '../db/notify.js';
import { AppError } from '../errors.js';
import { resolvePrincipals, terminalCredentialOf, VENUE_HEADER } from '../middleware/principals.js';
import { databaseEpoch } from '../repositories/database-epoch.js';
import { EVENTS_CHANNEL, listEventsAfter, REVOCATIONS_CHANNEL } from '../repositories/events.js';
import { listOrderIdsOfSession } from '../repositories/orders.js';
import { currentEventSeq } from '../repositories/venues.js';
import { type GuestAudience, guestSees, guestViewOf } from './audience.js';

const PAGE = 500;
/** Recent events kept per venue so a burst is read from the database once, not once per socket. */
const RECENT_LIMIT = 1000;

/**
 * Close code for a socket whose credential was revoked (terminal unpaired, staff logged out).
 * @internal exported for its test
 */
export const REVOKED_CLOSE_CODE = 4401;

interface Client {
  ws: WebSocket;
  /** The credential it authenticated with, as revocations name it. */
  credentialRef: string;
  venueId: string;
  guest: GuestAudience | null;
  lastSent: number;
  /** Serialises this socket's work so sends never interleave out of order. */
  queue: Promise<void>;
  alive: boolean;
}

interface VenueFeed {
  venueId: string;
  clients: Set<Client>;
  /** The newest sequence number this hub has read. */
  lastSeq: number;
  /** The newest events read, contiguous, ending at lastSeq. */
  recent: LiveEvent[];
  refreshing: Promise<void>;
}

export interface HubOptions {
  /** How often every venue with sockets is re-read, in case a notification was lost. */
  safetyPollMs?: number;
  heartbeatMs?: number;
}

function parseCookies(header: string | undefined): Map<string, string> {
  const cookies = new Map<string, string>();
  for (const part of (header ?? '').split(';')) {
    const at = part.indexOf('=');
    if (at > 0) cookies.set(part.slice(0, at).trim(), part.slice(at + 1).trim());
  }
  return cookies;
}

function refuse(socket: Duplex, status: number, message: string): void {
  const body = JSON.stringify({ message });
  const reason = status === 401 ? 'Unauthorized' : status === 404 ? 'Not Found' : 'Bad Request';
  socket.end(
    `HTTP/1.1 ${status} ${reason}\r\nContent-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
  );
}

export class LiveHub {
  private readonly wss = new WebSocketServer({ noServer: true });
  private readonly feeds = new Map<string, VenueFeed>();
  private readonly timers: NodeJS.Timeout[] = [];
  private readonly unlisteners: Array<() => Promise<void>> = [];
  private closed = false;

  constructor(
    private readonly deps: Pick<AppDeps, 'db' | 'secret' | 'now' | 'log'>,
    private readonly opts: HubOptions = {},
  ) {}

  async start(server: Server, notifier: Notifier): Promise<void> {
    this.unlisteners.push(await notifier.listen(EVENTS_CHANNEL, (venueId) => this.venueChanged(venueId)));
    this.unlisteners.push(await notifier.listen(REVOCATIONS_CHANNEL, (ref) => this.revoked(ref)));
    server.on('upgrade', (req, socket, head) => {
      this.upgrade(req, socket, head).catch((error) => {
        this.deps.log(`live upgrade failed: ${(error as Error).stack ?? error}`);
        socket.destroy();
      });
    });
    const poll = setInterval(() => this.refreshAll(), this.opts.safetyPollMs ?? 5000);
    const heartbeat = setInterval(() => this.heartbeat(), this.opts.heartbeatMs ?? 30_000);
    poll.unref();
    heartbeat.unref();
    this.timers.push(poll, heartbeat);
  }

  /** Re-reads every venue that has sockets (after the LISTEN connection came back, say). */
  refreshAll(): void {
    for (const feed of this.feeds.values()) this.refresh(feed);
  }

  venueChanged(venueId: string): void {
    const feed = this.feeds.get(venueId);
    if (feed) this.refresh(feed);
  }

  /** Closes every socket that authenticated with a credential that is no longer valid. */
  revoked(ref: string): void {
    for (const feed of this.feeds.values()) {
      for (const client of feed.clients) {
        if (client.credentialRef === ref) client.ws.close(REVOKED_CLOSE_CODE, 'Credential revoked');
      }
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

  private async principalsOf(req: IncomingMessage, url: URL): Promise<Principals> {
    const cookies = parseCookies(req.headers.cookie);
    const venueHeader = req.headers[VENUE_HEADER.toLowerCase()];
    return resolvePrincipals(this.deps, {
      staffToken: cookies.get(STAFF_SESSION_COOKIE),
      terminalCredential:
        terminalCredentialOf(req.headers.authorization) ?? (url.searchParams.get('credential') || undefined),
      guestCookie: cookies.get(GUEST_SESSION_COOKIE),
      requestedVenueId: typeof venueHeader === 'string' ? venueHeader : (url.searchParams.get('venueId') ?? undefined),
    });
  }

  private async upgrade(req: IncomingMessage, socket: Duplex, head: Buffer): Promise<void> {
    const url = new URL(req.url ?? '/', 'http://hub.invalid');
    if (url.pathname !== LIVE_PATH) return refuse(socket, 404, MESSAGES.notFound('Route'));
    let principals: Principals;
    try {
      principals = await this.principalsOf(req, url);
    } catch (error) {
      if (error instanceof AppError) return refuse(socket, error.status, error.message);
      throw error;
    }
    const actor = principals.terminal ?? principals.staff ?? principals.guest;
    if (!actor || this.closed) return refuse(socket, 401, MESSAGES.authenticationRequired);

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
            tableId: actor.tableId,
            orderIds: new Set(await listOrderIdsOfSession(this.deps.db, actor.sessionId)),
          }
        : null;

    this.wss.handleUpgrade(req, socket, head, (ws) => {
      const client: Client = {
        ws,
        credentialRef,
        venueId: actor.venueId,
        guest,
        lastSent: lastSeq,
        queue: Promise.resolve(),
        alive: true,
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
      feed = { venueId, clients: new Set(), lastSeq, recent: [], refreshing: Promise.resolve() };
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
        // Queued behind earlier sends, so the cursor moves only between whole batches.
        client.queue = client.queue.then(() => {
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

  private send(client: Client, message: ServerMessage): void {
    if (client.ws.readyState === client.ws.OPEN) client.ws.send(JSON.stringify(message));
  }

  /** Reads the venue's events after the newest this hub has, once, then feeds every socket. */
  private refresh(feed: VenueFeed): void {
    feed.refreshing = feed.refreshing
      .then(async () => {
        for (;;) {
          const rows = await listEventsAfter(this.deps.db, feed.venueId, feed.lastSeq, PAGE);
          for (const row of rows) {
            feed.recent.push(row.payload_json as LiveEvent);
            feed.lastSeq = row.seq;
          }
          if (rows.length < PAGE) break;
        }
        if (feed.recent.length > RECENT_LIMIT) feed.recent.splice(0, feed.recent.length - RECENT_LIMIT);
        for (const client of feed.clients) this.pump(client);
      })
      .catch((error) =>
        this.deps.log(`live refresh of venue ${feed.venueId} failed: ${(error as Error).stack ?? error}`),
      );
  }

  private pump(client: Client): void {
    client.queue = client.queue
      .then(() => this.drain(client))
      .catch((error) => this.deps.log(`live send failed: ${(error as Error).stack ?? error}`));
  }

  private async drain(client: Client): Promise<void> {
    const feed = this.feeds.get(client.venueId);
    while (feed && client.ws.readyState === client.ws.OPEN && client.lastSent < feed.lastSeq) {
      const start = feed.recent.findIndex((e) => e.seq === client.lastSent + 1);
      const batch =
        start >= 0
          ? feed.recent.slice(start)
          : (await listEventsAfter(this.deps.db, client.venueId, client.lastSent, PAGE)).map(
              (r) => r.payload_json as LiveEvent,
            );
      if (batch.length === 0) return;
      for (const event of batch) {
        if (event.seq <= client.lastSent) continue;
        if (!client.guest) this.send(client, event);
        else if (guestSees(client.guest, event)) this.send(client, guestViewOf(event));
        client.lastSent = event.seq;
      }
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
