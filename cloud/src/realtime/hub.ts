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
// Who may have a socket, and for how long, is the gate's (live-gate.ts), which runs on the API's
// process; this hub holds the sockets it admitted and sends them the feed, on the same process or
// on a fan-out process of its own (fanout-process.ts), as it was handed them.
import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import { ClientMessage, LIVE_LIMITS, type LiveEvent, MESSAGES, type ServerMessage } from '@tablewise/shared';
import { type WebSocket, WebSocketServer } from 'ws';
import type { AppDeps } from '../context.js';
import type { Notifier } from '../db/notify.js';
import type { HubMetrics } from '../ops/metrics.js';
import { EVENTS_CHANNEL, listEventsAfter, parseEventsNotification } from '../repositories/events.js';
import { type GuestAudience, guestSees, guestViewOf } from './audience.js';

const PAGE = 500;
/** Recent events kept per venue so a burst is read from the database once, not once per socket. */
const RECENT_LIMIT = 1000;

/** What the gate found out about a socket before admitting it; plain data, so it can cross to another process. */
export interface Admission {
  venueId: string;
  /** The venue's sequence number read before the upgrade completes: the socket's first cursor. */
  lastSeq: number;
  epoch: string;
  /** A guest's session, with the orders and waitlist parties it had when it connected. */
  guest: { sessionId: string; orderIds: string[]; waitlistIds: string[] } | null;
  /** The upgrade request's id: the socket's log lines carry it. */
  reqId?: string;
}

/** The parts of an upgrade request the hub reads (ws checks the method and the handshake headers). */
export interface UpgradeRequest {
  method?: string | undefined;
  url?: string | undefined;
  headers: IncomingMessage['headers'];
}

interface Client {
  /** The gate's id for the socket. */
  id: string;
  /** The id of the upgrade request that opened it. */
  reqId: string | undefined;
  ws: WebSocket;
  /** Work queued on `queue` and not finished: while any is, every send goes through the queue. */
  queued: number;
  venueId: string;
  guest: GuestAudience | null;
  lastSent: number;
  /** Serialises this socket's work so sends never interleave out of order. */
  queue: Promise<void>;
  alive: boolean;
  /** Which tick of the heartbeat's period pings this socket (0 to HEARTBEAT_SLICES - 1). */
  heartbeatSlot: number;
  /** Subscribes counted in the current window, and refusals since the last one allowed. */
  subscribes: { windowStart: number; count: number; refusedInARow: number };
  /** Every message this socket sent in the current window, those ignored, and malformed ones. */
  messages: { windowStart: number; count: number; ignored: number; malformed: number };
}

/** An event with the frames it goes out as, each made once, whatever the number of sockets. */
interface FeedEvent {
  seq: number;
  event: LiveEvent;
  /** The whole WebSocket frame (header and JSON text) staff and terminal sockets receive. */
  staffFrame: Buffer;
  /** The guest view's frame, made when the first guest socket needs it. */
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

/**
 * The heartbeat pings a tenth of the sockets at each tenth of its period, not every socket at once:
 * thousands of pings, and the pongs that answer them, in one burst would hold up an event being
 * sent to the same sockets meanwhile (P4).
 */
const HEARTBEAT_SLICES = 10;

export interface HubOptions {
  /** How often every venue with sockets is re-read, in case a notification was lost. */
  safetyPollMs?: number;
  /** How often each socket is pinged; one that has not answered the last ping by then is cut. */
  heartbeatMs?: number;
  /** Bytes queued for one socket past which it is dropped (DEFAULT_MAX_BUFFERED_BYTES). */
  maxBufferedBytes?: number;
  /** Told once when a socket it was handed is gone (closed, dropped, or never opened). */
  gone?: (id: string) => void;
}

/**
 * About 350 order events of 2.9 KB waiting for one socket: a client that far behind is better off
 * reconnecting and catching up from its cursor (paged, with back-pressure) than the cloud holding
 * the bytes, which for 2,000 stalled sockets would be gigabytes.
 */
const DEFAULT_MAX_BUFFERED_BYTES = 1024 * 1024;

/**
 * A final, unmasked text frame (RFC 6455 section 5.2) of `json`, made once and written as it is to
 * every socket it goes to: ws would make a header and write twice for each socket.
 */
function textFrameOf(json: string): Buffer {
  const length = Buffer.byteLength(json);
  const headerLength = length < 126 ? 2 : length < 65536 ? 4 : 10;
  const frame = Buffer.allocUnsafe(headerLength + length);
  frame[0] = 0x81;
  if (length < 126) frame[1] = length;
  else if (length < 65536) {
    frame[1] = 126;
    frame.writeUInt16BE(length, 2);
  } else {
    frame[1] = 127;
    frame.writeBigUInt64BE(BigInt(length), 2);
  }
  frame.write(json, headerLength);
  return frame;
}

function feedEventOf(event: LiveEvent): FeedEvent {
  return { seq: event.seq, event, staffFrame: textFrameOf(JSON.stringify(event)), guestFrame: null };
}

/** The TCP socket under a ws connection (ws keeps it as `_socket`; null once it is closed). */
function socketOf(ws: WebSocket): Duplex | undefined {
  return (ws as unknown as { _socket?: Duplex | null })._socket ?? undefined;
}

function guestFrameOf(entry: FeedEvent): Buffer {
  entry.guestFrame ??= textFrameOf(JSON.stringify(guestViewOf(entry.event)));
  return entry.guestFrame;
}

export class LiveHub {
  private readonly wss = new WebSocketServer({ noServer: true, maxPayload: LIVE_LIMITS.maxPayloadBytes });
  private readonly feeds = new Map<string, VenueFeed>();
  /** Every socket, by the id the gate gave it. */
  private readonly clients = new Map<string, Client>();
  /** The slot the next socket takes, and the slot the next heartbeat tick pings. */
  private nextHeartbeatSlot = 0;
  private heartbeatTick = 0;
  private readonly timers: NodeJS.Timeout[] = [];
  private readonly unlisteners: Array<() => Promise<void>> = [];
  private closed = false;

  constructor(
    private readonly deps: Pick<AppDeps, 'db' | 'log'> & { hubMetrics?: HubMetrics | undefined },
    private readonly opts: HubOptions = {},
  ) {}

  /** Listens for the feed's notifications and starts the safety poll and heartbeat. */
  async listen(notifier: Notifier): Promise<void> {
    this.unlisteners.push(await notifier.listen(EVENTS_CHANNEL, (payload) => this.notified(payload)));
    const poll = setInterval(() => this.refreshAll(), this.opts.safetyPollMs ?? 5000);
    const heartbeat = setInterval(() => this.heartbeat(), (this.opts.heartbeatMs ?? 30_000) / HEARTBEAT_SLICES);
    poll.unref();
    heartbeat.unref();
    this.timers.push(poll, heartbeat);
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

  /** Closes the sockets the gate names (their access is gone). */
  closeClients(ids: readonly string[], code: number, reason: string): void {
    for (const id of ids) this.clients.get(id)?.ws.close(code, reason);
  }

  async close(): Promise<void> {
    this.closed = true;
    for (const timer of this.timers) clearInterval(timer);
    for (const unlisten of this.unlisteners) await unlisten().catch(() => {});
    for (const client of this.clients.values()) client.ws.close(1001, 'Server shutting down');
    this.feeds.clear();
    this.clients.clear();
    await new Promise<void>((resolve) => this.wss.close(() => resolve()));
  }

  /**
   * Completes the upgrade of a socket the gate admitted, as `id`, and feeds it from the cursor the
   * admission read. `req` needs only the method and headers of the upgrade request.
   */
  accept(id: string, req: UpgradeRequest, socket: Duplex, head: Buffer, admission: Admission): void {
    if (this.closed) {
      socket.destroy();
      this.opts.gone?.(id);
      return;
    }
    const { venueId, lastSeq, epoch } = admission;
    const guest: GuestAudience | null = admission.guest
      ? {
          sessionId: admission.guest.sessionId,
          orderIds: new Set(admission.guest.orderIds),
          waitlistIds: new Set(admission.guest.waitlistIds),
        }
      : null;
    // A handshake ws refuses never opens: the gate still hears that the socket is gone.
    socket.once('close', () => {
      if (!this.clients.has(id)) this.opts.gone?.(id);
    });
    this.wss.handleUpgrade(req as IncomingMessage, socket, head, (ws) => {
      const client: Client = {
        id,
        reqId: admission.reqId,
        ws,
        venueId,
        guest,
        lastSent: lastSeq,
        queued: 0,
        queue: Promise.resolve(),
        alive: true,
        heartbeatSlot: this.nextHeartbeatSlot++ % HEARTBEAT_SLICES,
        subscribes: { windowStart: Date.now(), count: 0, refusedInARow: 0 },
        messages: { windowStart: Date.now(), count: 0, ignored: 0, malformed: 0 },
      };
      this.clients.set(id, client);
      this.send(client, { type: 'hello', venueId, lastSeq, epoch });
      ws.on('message', (data) => this.onMessage(client, data.toString()));
      ws.on('pong', () => {
        client.alive = true;
      });
      ws.on('close', () => this.remove(client));
      ws.on('error', () => this.remove(client));
      const known = this.feeds.has(venueId);
      const feed = this.feedOf(venueId, lastSeq);
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
    if (this.clients.get(client.id) === client) {
      this.clients.delete(client.id);
      this.opts.gone?.(client.id);
    }
    const feed = this.feeds.get(client.venueId);
    if (!feed) return;
    feed.clients.delete(client);
    if (feed.clients.size === 0) this.feeds.delete(client.venueId);
  }

  /** Whether a message from the socket is taken: a few a second; a socket that floods is closed. */
  private mayTakeMessage(client: Client): boolean {
    const { perWindow, windowMs, ignoredBeforeClose } = LIVE_LIMITS.messages;
    const counter = client.messages;
    const now = Date.now();
    if (now - counter.windowStart >= windowMs) {
      counter.windowStart = now;
      counter.count = 0;
    }
    counter.count += 1;
    if (counter.count <= perWindow) return true;
    counter.ignored += 1;
    if (counter.ignored >= ignoredBeforeClose) client.ws.close(LIVE_LIMITS.policyCloseCode, 'Sending too often');
    return false;
  }

  /** A frame that is no message of the protocol: answered, and after a few the socket is closed. */
  private malformed(client: Client, message: string): void {
    client.messages.malformed += 1;
    if (client.messages.malformed >= LIVE_LIMITS.messages.malformedBeforeClose) {
      client.ws.close(LIVE_LIMITS.policyCloseCode, 'Malformed messages');
      return;
    }
    this.send(client, { type: 'error', message });
  }

  private onMessage(client: Client, text: string): void {
    if (!this.mayTakeMessage(client)) return;
    let parsed: ReturnType<typeof ClientMessage.safeParse>;
    try {
      parsed = ClientMessage.safeParse(JSON.parse(text));
    } catch {
      this.malformed(client, MESSAGES.invalidJsonBody);
      return;
    }
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      const field = issue?.path.length ? issue.path.map(String).join('.') : 'type';
      this.malformed(client, MESSAGES.invalidField(field, issue?.message ?? 'not a known message'));
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

  /** A reply to the socket (hello, pong, an error): bounded like the events, so a socket that
   * asks without reading cannot grow this process's memory (issue 27). */
  private send(client: Client, message: ServerMessage): void {
    if (client.ws.readyState !== client.ws.OPEN) return;
    client.ws.send(JSON.stringify(message));
    this.dropIfStalled(client);
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
        this.observeLag(feed, before);
      })
      .catch((error) => this.deps.log.error({ err: error, venueId: feed.venueId }, 'live refresh failed'));
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

  /** Time from each new event's writing to its frames leaving (once per event, whatever the sockets). */
  private observeLag(feed: VenueFeed, before: number): void {
    const lag = this.deps.hubMetrics?.eventLag;
    if (!lag || feed.lastSeq <= before) return;
    const now = Date.now();
    for (const entry of this.recentAfter(feed, before) ?? []) {
      const at = Date.parse((entry.event as { at?: string }).at ?? '');
      if (Number.isFinite(at)) lag.observe(Math.max(0, now - at) / 1000);
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
    const socket = socketOf(ws);
    // The frames are written straight to the TCP socket: ws writes every frame synchronously
    // (no compression here), so they keep their place among its own (hello, pong, close).
    if (!socket || ws.readyState !== ws.OPEN) {
      whenSent?.();
      return;
    }
    // A system call per frame is most of a broadcast's cost: frames that go out together leave in
    // one write.
    const corked = events.length > 1;
    if (corked) socket.cork();
    // Each frame is written once the next one is known, so the last one can carry `whenSent`.
    let held: Buffer | null = null;
    for (const entry of events) {
      if (entry.seq <= client.lastSent) continue;
      const frame = !guest ? entry.staffFrame : guestSees(guest, entry.event) ? guestFrameOf(entry) : null;
      if (frame) {
        if (held) socket.write(held);
        held = frame;
      }
      client.lastSent = entry.seq;
    }
    if (held) socket.write(held, whenSent && (() => whenSent()));
    else whenSent?.();
    if (corked) socket.uncork();
  }

  /**
   * A socket that does not read what it is sent keeps its frames in this process's memory; past
   * the bound it is cut (no close frame, which would queue behind the rest) and, like any dropped
   * client, reconnects and catches up from its cursor.
   */
  private dropIfStalled(client: Client): void {
    const bound = this.opts.maxBufferedBytes ?? DEFAULT_MAX_BUFFERED_BYTES;
    if (client.ws.bufferedAmount <= bound) return;
    this.deps.log.warn(
      { reqId: client.reqId, venueId: client.venueId, unreadBytes: client.ws.bufferedAmount },
      'live socket dropped: it stopped reading',
    );
    client.ws.terminate();
    this.remove(client);
  }

  private enqueue(client: Client, work: () => Promise<void>): void {
    client.queued += 1;
    client.queue = client.queue
      .then(work)
      .catch((error) =>
        this.deps.log.error({ err: error, reqId: client.reqId, venueId: client.venueId }, 'live send failed'),
      )
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

  /** One tick of the heartbeat: the sockets of this tick's slot are pinged, or cut if silent since the last. */
  private heartbeat(): void {
    const slot = this.heartbeatTick;
    this.heartbeatTick = (this.heartbeatTick + 1) % HEARTBEAT_SLICES;
    for (const feed of this.feeds.values()) {
      for (const client of feed.clients) {
        if (client.heartbeatSlot !== slot) continue;
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
