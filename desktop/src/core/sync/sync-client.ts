// The sync client: keeps the replica a faithful copy of the venue in the cloud.
// Bootstrap from the snapshot when the replica is empty, the cloud no longer knows its cursor, or
// the cloud's database has another epoch than the cursor's (restored from a backup), catch up over
// HTTP, then follow the live feed over /ws. While the cloud is away it reconnects forever: every
// base delay while the cloud cannot be reached, with capped exponential back-off while it answers
// with errors. A terminal never gives up.
import { HelloMessage, LIVE_PATH } from '@tablewise/shared';
import WebSocket from 'ws';
import { type BackoffPolicy, backoffDelayMs, DEFAULT_BACKOFF } from '../backoff.js';
import type { Bus } from '../bus.js';
import { log } from '../log.js';
import { transactDerived, type WriteDb } from '../sqlite/replica.js';
import { getMeta, setIdentity } from '../sqlite/repositories/meta.js';
import { applyEvent, applySnapshot, seqOf } from './apply.js';
import { type CloudApi, CloudRefused, CloudUnreachable } from './cloud-api.js';
import { epochVerdict } from './epoch.js';

export interface SyncClientOptions {
  db: WriteDb;
  api: CloudApi;
  bus: Bus;
  now: () => Date;
  backoff?: BackoffPolicy;
  /** How often the socket is pinged; a socket silent for two periods is considered dead. */
  heartbeatMs?: number;
  /** Called as soon as the cloud answers at the start of a connected stretch, before catching up:
   * the outbox can push at once rather than at the end of its own back-off. */
  onReachable?: () => void;
}

/** Answers of /api/sync/events meaning the cloud does not know the cursor any more. */
const CURSOR_UNKNOWN = new Set([404, 409, 410]);

export class SyncClient {
  private running = false;
  private loopDone: Promise<void> | null = null;
  private socket: WebSocket | null = null;
  private wake: (() => void) | null = null;
  /** A reconnectNow that came while a session was being tried: the wait after it ends at once. */
  private woken = false;
  private chain: Promise<void> = Promise.resolve();
  private online = false;
  private refusedCredential = false;
  private lastErrorText: string | null = null;
  private attempt = 0;
  private rebuiltForEpochAt: string | null = null;

  constructor(private readonly opts: SyncClientOptions) {}

  isOnline(): boolean {
    return this.online;
  }

  /** False once the cloud has refused this terminal's credential (it was revoked), until it
   * accepts it again. */
  isPaired(): boolean {
    return !this.refusedCredential;
  }

  private setPaired(paired: boolean): void {
    if (this.refusedCredential === !paired) return;
    this.refusedCredential = !paired;
    this.opts.bus.emit('status');
  }

  lastError(): string | null {
    return this.lastErrorText;
  }

  start(): void {
    if (this.running) return;
    this.running = true;
    this.loopDone = this.loop();
  }

  async stop(): Promise<void> {
    this.running = false;
    this.socket?.terminate();
    this.wake?.();
    await this.loopDone;
    await this.chain.catch(() => undefined);
    this.setOnline(false);
  }

  /** Retry now rather than at the end of the current back-off (for example after a local hint). */
  reconnectNow(): void {
    if (this.wake) this.wake();
    else if (!this.online) this.woken = true;
  }

  private setOnline(online: boolean): void {
    if (this.online === online) return;
    this.online = online;
    this.opts.bus.emit('status');
  }

  private async loop(): Promise<void> {
    while (this.running) {
      let unreachable = false;
      // A hint from before this try is answered by it.
      this.woken = false;
      try {
        await this.session();
      } catch (error) {
        unreachable = error instanceof CloudUnreachable;
        const text = error instanceof Error ? error.message : String(error);
        // One line per kind of failure, not one per retry of a long outage.
        if (this.running && text !== this.lastErrorText) log.warn(`sync: ${text} (retrying)`);
        this.lastErrorText = text;
      }
      this.setOnline(false);
      if (!this.running) break;
      // The back-off counts errors the cloud answered; an outage (no answer) does not lengthen
      // the wait after its return, where the first answer may be a cloud still starting.
      this.attempt = unreachable ? 0 : this.attempt + 1;
      // The outbox reached the cloud while this try was failing (it began before the cloud was
      // back): try again now rather than after the whole back-off.
      if (this.woken) {
        this.woken = false;
        continue;
      }
      await new Promise<void>((resolve) => {
        const policy = this.opts.backoff ?? DEFAULT_BACKOFF;
        // A cloud that gives no answer at all costs nothing to ask again: asking every base delay
        // notices its return within one, and the outbox (woken by onReachable) pushes at once,
        // where the back-off would have waited up to its cap. An answer that is an error backs off.
        const delay = unreachable ? policy.baseMs : backoffDelayMs(this.attempt, policy);
        const timer = setTimeout(resolve, delay);
        this.wake = () => {
          clearTimeout(timer);
          resolve();
        };
      });
      this.wake = null;
    }
  }

  /** One connected stretch: identify, bootstrap or catch up, then follow /ws until it closes. */
  private async session(): Promise<void> {
    const { db, api } = this.opts;
    let me: Awaited<ReturnType<CloudApi['me']>>;
    try {
      me = await api.me();
    } catch (error) {
      if (error instanceof CloudRefused && error.status === 401) this.setPaired(false);
      throw error;
    }
    this.setPaired(true);
    this.opts.onReachable?.();
    const meta = getMeta(db);
    const foreign = meta.venueId !== null && meta.venueId !== me.venue.id;
    setIdentity(db, me.terminal.id, me.venue.id);
    if (foreign || meta.bootstrappedAt === null) await this.bootstrap();
    await this.serial(() => this.catchUp());
    if (!this.running) return;
    await this.follow();
  }

  private async bootstrap(): Promise<void> {
    const snapshot = await this.opts.api.snapshot();
    applySnapshot(this.opts.db, snapshot, this.opts.now());
    this.opts.bus.emit('itemsChanged');
    this.opts.bus.emit('status');
  }

  /** Runs `task` after every earlier feed task, so events are applied one at a time in order. */
  private serial(task: () => Promise<void>): Promise<void> {
    const next = this.chain.then(task);
    this.chain = next.catch(() => undefined);
    return next;
  }

  /** Fetches and applies every event after the cursor. */
  /** When the replica was last rebuilt because the cloud's database had been restored; staff are told. */
  rebuiltAt(): string | null {
    return this.rebuiltForEpochAt;
  }

  private async catchUp(): Promise<void> {
    const { db, api } = this.opts;
    for (;;) {
      const after = getMeta(db).cursor;
      let page: Awaited<ReturnType<CloudApi['eventsAfter']>>;
      try {
        page = await api.eventsAfter(after);
      } catch (error) {
        if (error instanceof CloudRefused && CURSOR_UNKNOWN.has(error.status)) {
          log.warn(`cloud does not know cursor ${after}; bootstrapping from a snapshot`);
          await this.bootstrap();
          continue;
        }
        throw error;
      }
      if (this.rebuildsForEpoch(page.epoch)) {
        await this.bootstrap();
        continue;
      }
      if (page.lastSeq < after) {
        log.warn(`cloud's feed ends at ${page.lastSeq}, before cursor ${after}; bootstrapping`);
        await this.bootstrap();
        continue;
      }
      // A page in one transaction: one write to disk instead of one an event, and not waited for
      // (the cloud keeps the events; the cursor goes back with them).
      transactDerived(db, () => {
        for (const raw of page.events) this.applyOne(raw, false);
      });
      if (!page.hasMore || page.events.length === 0) return;
    }
  }

  /**
   * True when the cloud's database is not the one the cursor counts in (restored, replaced): the
   * caller rebuilds the replica from a snapshot. Said once in the log each time it happens.
   */
  private rebuildsForEpoch(cloudEpoch: string | undefined): boolean {
    const { epoch, cursor } = getMeta(this.opts.db);
    if (epochVerdict(epoch, cloudEpoch) === 'same') return false;
    log.warn(
      `the cloud's database is epoch ${cloudEpoch}, not ${epoch ?? 'unknown'} of cursor ${cursor} ` +
        '(restored or replaced); rebuilding the replica from a snapshot, keeping the outbox',
    );
    // A replica that never learnt an epoch (an older build's) was not restored under it.
    if (epoch !== null) {
      this.rebuiltForEpochAt = this.opts.now().toISOString();
      this.opts.bus.emit('status');
    }
    return true;
  }

  /** Applies one event; a gap is reported to the caller (true) instead of applied. */
  private applyOne(raw: unknown, gapIsExpected: boolean): boolean {
    const outcome = applyEvent(this.opts.db, raw, this.opts.now());
    switch (outcome.kind) {
      case 'applied':
        if (outcome.event) this.opts.bus.emit('live', outcome.event);
        this.opts.bus.emit('itemsChanged');
        return false;
      case 'skipped':
        return false;
      case 'gap':
        if (!gapIsExpected) throw new Error(`Feed gap: cursor ${outcome.cursor}, got event ${outcome.seq}`);
        return true;
      default: {
        const never: never = outcome;
        throw new Error(`Unknown outcome ${JSON.stringify(never)}`);
      }
    }
  }

  private wsUrl(): string {
    const url = new URL(LIVE_PATH, this.opts.api.baseUrl);
    url.protocol = url.protocol === 'https:' ? 'wss:' : 'ws:';
    return url.toString();
  }

  /** Follows the live feed until the socket closes. Resolves on close; throws on failure to open. */
  private follow(): Promise<void> {
    const { api } = this.opts;
    const heartbeatMs = this.opts.heartbeatMs ?? 15_000;
    return new Promise<void>((resolve, reject) => {
      const ws = new WebSocket(this.wsUrl(), {
        headers: { Authorization: api.authHeader() },
        handshakeTimeout: 10_000,
      });
      this.socket = ws;
      let subscribed = false;
      let alive = true;
      /** Messages of this socket received and not handled yet. */
      const inbox: unknown[] = [];
      const heartbeat = setInterval(() => {
        if (!alive) {
          ws.terminate();
          return;
        }
        alive = false;
        if (ws.readyState === WebSocket.OPEN) ws.ping();
      }, heartbeatMs);
      ws.on('pong', () => {
        alive = true;
      });
      ws.on('message', (data) => {
        alive = true;
        let message: unknown;
        try {
          message = JSON.parse(data.toString());
        } catch {
          log.warn('malformed live message ignored');
          return;
        }
        inbox.push(message);
        // A drain is already queued: it takes this message too.
        if (inbox.length > 1) return;
        void this.serial(() =>
          this.drain(ws, inbox, () => {
            subscribed = true;
            this.attempt = 0;
            this.lastErrorText = null;
            this.setOnline(true);
          }),
        ).catch((error: unknown) => {
          log.warn(`live message failed: ${error instanceof Error ? error.message : error}`);
          ws.terminate();
        });
      });
      ws.on('error', (error) => {
        if (!subscribed) reject(error);
      });
      ws.on('close', () => {
        clearInterval(heartbeat);
        this.socket = null;
        this.setOnline(false);
        resolve();
      });
      if (!this.running) ws.terminate();
    });
  }

  /**
   * Handles the live messages received so far, in order. Events that arrive together (a batch of
   * changes committed at once in the cloud) are applied in one transaction: one write to disk for
   * the burst instead of one an event. At a gap, the feed is read from the cursor instead.
   */
  private async drain(ws: WebSocket, inbox: unknown[], onSubscribed: () => void): Promise<void> {
    const messages = inbox.splice(0);
    let events: unknown[] = [];
    const applyEvents = async () => {
      const burst = events;
      events = [];
      if (burst.length === 0) return;
      if (transactDerived(this.opts.db, () => burst.some((event) => this.applyOne(event, true)))) await this.catchUp();
    };
    for (const message of messages) {
      if (seqOf(message) !== null) {
        events.push(message);
        continue;
      }
      await applyEvents();
      await this.onMessage(ws, message, onSubscribed);
    }
    await applyEvents();
  }

  /** A live message that is not an event. */
  private async onMessage(ws: WebSocket, message: unknown, onSubscribed: () => void): Promise<void> {
    const { db } = this.opts;
    const type = message && typeof message === 'object' && 'type' in message ? message.type : undefined;
    if (type === 'hello') {
      const hello = HelloMessage.parse(message);
      const meta = getMeta(db);
      if (meta.venueId !== null && hello.venueId !== meta.venueId) {
        throw new Error(`Live channel is for venue ${hello.venueId}, not ${meta.venueId}`);
      }
      if (this.rebuildsForEpoch(hello.epoch)) {
        await this.bootstrap();
      } else if (hello.lastSeq < meta.cursor) {
        log.warn(`cloud's feed ends at ${hello.lastSeq}, before cursor ${meta.cursor}; bootstrapping`);
        await this.bootstrap();
      } else if (hello.lastSeq > meta.cursor) {
        await this.catchUp();
      }
      ws.send(JSON.stringify({ type: 'subscribe', after: getMeta(db).cursor }));
      onSubscribed();
      return;
    }
    if (type === 'error') {
      log.warn(`cloud live channel error: ${JSON.stringify(message)}`);
      return;
    }
  }
}
