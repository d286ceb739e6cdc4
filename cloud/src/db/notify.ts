// Cross-instance fan-out for the live hub. Writers call `select pg_notify(channel, payload)` inside
// their write transaction, so PostgreSQL delivers the notification only if, and when, the write
// commits. Every cloud instance listens here and pushes to its own sockets.
//
// Notifications sent while a listener is disconnected are lost; `onReconnect` tells the caller
// to catch up from the events table (the feed is the source of truth, NOTIFY only a wake-up).
import pg from 'pg';
import type { Logger } from '../log/logger.js';
import { type Db, embeddedPglite } from './connect.js';

export interface Notifier {
  listen(channel: string, onMessage: (payload: string) => void): Promise<() => Promise<void>>;
  close(): Promise<void>;
  /** Whether notifications can arrive now (false while the LISTEN connection is lost): readiness. */
  listening(): boolean;
}

export interface NotifierOptions {
  /** The server to hold the LISTEN connection to; omitted for embedded PGlite. */
  databaseUrl?: string;
  /** Called after a dropped LISTEN connection is back and listening again. */
  onReconnect?: () => void;
  /** Back-off bounds for reconnecting, in ms (default 250 doubling up to 10000). */
  reconnectDelayMs?: { initial: number; max: number };
  /** Where a lost connection and a failing handler are logged. */
  log?: Logger;
}

type Handler = (payload: string) => void;

const quoteIdent = (name: string): string => `"${name.replaceAll('"', '""')}"`;

function validateChannel(channel: string): void {
  // PostgreSQL truncates identifiers at 63 bytes: two long channel names could silently merge.
  if (channel.length === 0 || Buffer.byteLength(channel) > 63) {
    throw new Error(`Notification channel must be 1 to 63 bytes long: '${channel}'`);
  }
}

class Subscriptions {
  private readonly byChannel = new Map<string, Set<Handler>>();

  constructor(private readonly log: Logger | undefined) {}

  /** True when this is the channel's first handler (the caller must LISTEN). */
  add(channel: string, handler: Handler): boolean {
    let set = this.byChannel.get(channel);
    const first = !set;
    if (!set) {
      set = new Set();
      this.byChannel.set(channel, set);
    }
    set.add(handler);
    return first;
  }

  /** True when the channel has no handler left (the caller may UNLISTEN). */
  remove(channel: string, handler: Handler): boolean {
    const set = this.byChannel.get(channel);
    if (!set?.delete(handler)) return false;
    if (set.size > 0) return false;
    this.byChannel.delete(channel);
    return true;
  }

  has(channel: string): boolean {
    return this.byChannel.has(channel);
  }

  channels(): string[] {
    return [...this.byChannel.keys()];
  }

  deliver(channel: string, payload: string): void {
    for (const handler of this.byChannel.get(channel) ?? []) {
      try {
        handler(payload);
      } catch (err) {
        // One faulty subscriber must not starve the others.
        if (this.log) this.log.error({ err, channel }, 'notification handler failed');
        else console.error(`Notification handler for '${channel}' failed`, err);
      }
    }
  }
}

export async function createNotifier(db: Db, opts: NotifierOptions): Promise<Notifier> {
  const pglite = embeddedPglite(db);
  if (pglite) return createEmbeddedNotifier(db, pglite, opts.log);
  if (!opts.databaseUrl) throw new Error('createNotifier needs databaseUrl for a PostgreSQL server');
  const notifier = new ServerNotifier(opts.databaseUrl, opts);
  await notifier.start();
  return notifier;
}

// PGlite has one session, so a notification committed by any knex query on it comes back on that
// same session. LISTEN runs through knex, so it queues behind an open transaction instead of
// slipping into it (a LISTEN inside a transaction that rolls back would be undone).
function createEmbeddedNotifier(
  db: Db,
  pglite: NonNullable<ReturnType<typeof embeddedPglite>>,
  log: Logger | undefined,
): Notifier {
  const subs = new Subscriptions(log);
  let closed = false;
  const stop = pglite.onNotification((channel, payload) => subs.deliver(channel, payload));
  return {
    listening: () => !closed,
    async listen(channel, onMessage) {
      if (closed) throw new Error('Notifier is closed');
      validateChannel(channel);
      if (subs.add(channel, onMessage)) await db.raw(`LISTEN ${quoteIdent(channel)}`);
      return async () => {
        if (subs.remove(channel, onMessage) && !closed) await db.raw(`UNLISTEN ${quoteIdent(channel)}`);
      };
    },
    async close() {
      if (closed) return;
      closed = true;
      stop();
      for (const channel of subs.channels()) {
        await db.raw(`UNLISTEN ${quoteIdent(channel)}`).catch(() => {});
      }
    },
  };
}

class ServerNotifier implements Notifier {
  private readonly subs: Subscriptions;
  private client: pg.Client | undefined;
  private closed = false;
  private reconnectTimer: NodeJS.Timeout | undefined;
  private attempt = 0;
  // Clients that errored or ended, even before they became current.
  private readonly dead = new WeakSet<pg.Client>();
  // Serializes LISTEN/UNLISTEN against (re)connection so a channel is never missed.
  private chain: Promise<unknown> = Promise.resolve();

  constructor(
    private readonly databaseUrl: string,
    private readonly opts: NotifierOptions,
  ) {
    this.subs = new Subscriptions(opts.log);
  }

  listening(): boolean {
    return !this.closed && this.client !== undefined;
  }

  async start(): Promise<void> {
    this.client = await this.connect();
  }

  private async connect(): Promise<pg.Client> {
    const client = new pg.Client({ connectionString: this.databaseUrl });
    client.on('notification', (msg) => this.subs.deliver(msg.channel, msg.payload ?? ''));
    // pg emits 'error' and then 'end' on a dropped connection; either one schedules a reconnect.
    client.on('error', () => this.lost(client));
    client.on('end', () => this.lost(client));
    await client.connect();
    for (const channel of this.subs.channels()) await client.query(`LISTEN ${quoteIdent(channel)}`);
    return client;
  }

  private lost(client: pg.Client): void {
    this.dead.add(client);
    if (this.closed || this.client !== client) return;
    this.client = undefined;
    client.end().catch(() => {});
    this.opts.log?.warn('LISTEN connection to PostgreSQL lost; reconnecting');
    this.scheduleReconnect();
  }

  private scheduleReconnect(): void {
    if (this.closed || this.reconnectTimer) return;
    const { initial, max } = this.opts.reconnectDelayMs ?? { initial: 250, max: 10_000 };
    const delay = Math.min(max, initial * 2 ** this.attempt);
    this.attempt += 1;
    this.reconnectTimer = setTimeout(() => {
      this.reconnectTimer = undefined;
      this.chain = this.chain
        .then(async () => {
          if (this.closed) return;
          const client = await this.connect();
          if (this.closed) {
            await client.end();
            return;
          }
          if (this.dead.has(client)) throw new Error('LISTEN connection dropped while connecting');
          this.client = client;
          this.attempt = 0;
          this.opts.log?.info('LISTEN connection to PostgreSQL back');
          this.opts.onReconnect?.();
        })
        .catch(() => this.scheduleReconnect());
    }, delay);
  }

  private run(fn: (client: pg.Client | undefined) => Promise<void>): Promise<void> {
    const next = this.chain.then(() => fn(this.client));
    this.chain = next.catch(() => {});
    return next;
  }

  async listen(channel: string, onMessage: Handler): Promise<() => Promise<void>> {
    if (this.closed) throw new Error('Notifier is closed');
    validateChannel(channel);
    if (this.subs.add(channel, onMessage)) {
      // Without a connection the channel is LISTENed on reconnect.
      await this.run(async (client) => {
        await client?.query(`LISTEN ${quoteIdent(channel)}`);
      });
    }
    return async () => {
      if (!this.subs.remove(channel, onMessage) || this.closed) return;
      await this.run(async (client) => {
        if (!this.subs.has(channel)) await client?.query(`UNLISTEN ${quoteIdent(channel)}`);
      });
    };
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    if (this.reconnectTimer) clearTimeout(this.reconnectTimer);
    await this.chain.catch(() => {});
    const client = this.client;
    this.client = undefined;
    await client?.end().catch(() => {});
  }
}
