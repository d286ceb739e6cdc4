import { once } from 'node:events';
import type { AddressInfo } from 'node:net';
import { LIVE_RECONNECT, MESSAGES, reconnectDelayMs } from '@tablewise/shared';
import { afterEach, describe, expect, it } from 'vitest';
import { WebSocket, WebSocketServer } from 'ws';
import { createLiveClient, type LiveMessage, type LiveState, liveUrl, parseLiveMessage } from './live-client.js';

/** A scheduler that records each delay and runs the callback only when the test says so. */
function manualScheduler() {
  const delays: number[] = [];
  const pending: (() => void)[] = [];
  return {
    delays,
    schedule: (fn: () => void, ms: number) => {
      delays.push(ms);
      pending.push(fn);
      return () => {
        const i = pending.indexOf(fn);
        if (i >= 0) pending.splice(i, 1);
      };
    },
    runNext() {
      const fn = pending.shift();
      if (!fn) throw new Error('nothing scheduled');
      fn();
    },
    get pendingCount() {
      return pending.length;
    },
  };
}

function recordingLogger() {
  const warnings: unknown[][] = [];
  const errors: unknown[][] = [];
  return {
    warnings,
    errors,
    logger: { warn: (...a: unknown[]) => warnings.push(a), error: (...a: unknown[]) => errors.push(a) },
  };
}

/** Resolves when the client reaches a state matching `pred`. */
function stateWaiter() {
  const states: LiveState[] = [];
  const waiters: { pred: (s: LiveState) => boolean; resolve: (s: LiveState) => void }[] = [];
  return {
    states,
    onState(s: LiveState) {
      states.push(s);
      for (const w of [...waiters]) {
        if (w.pred(s)) {
          waiters.splice(waiters.indexOf(w), 1);
          w.resolve(s);
        }
      }
    },
    until(pred: (s: LiveState) => boolean) {
      const latest = states.at(-1);
      if (latest && pred(latest)) return Promise.resolve(latest);
      return new Promise<LiveState>((resolve) => waiters.push({ pred, resolve }));
    },
  };
}

const servers: WebSocketServer[] = [];
async function startServer() {
  const wss = new WebSocketServer({ host: '127.0.0.1', port: 0 });
  servers.push(wss);
  await once(wss, 'listening');
  const { port } = wss.address() as AddressInfo;
  return { wss, url: `ws://127.0.0.1:${port}/ws` };
}
afterEach(async () => {
  for (const wss of servers.splice(0)) {
    for (const c of wss.clients) c.terminate();
    await new Promise((r) => wss.close(() => r(undefined)));
  }
});

const createSocket = (url: string) => new WebSocket(url) as unknown as import('./live-client.js').SocketLike;

describe('live client against a real ws server', () => {
  it('subscribes on open, reconnects after an unclean close on the shared schedule, and resets after success', async () => {
    const { wss, url } = await startServer();
    const timer = manualScheduler();
    const w = stateWaiter();
    let reconnected = 0;
    const client = createLiveClient({
      url,
      createSocket,
      schedule: timer.schedule,
      onMessage: () => {},
      onState: w.onState,
      onReconnected: () => {
        reconnected += 1;
      },
    });
    const subscribed = new Promise<string>((resolve) =>
      wss.once('connection', (ws) => ws.once('message', (d) => resolve(String(d)))),
    );
    client.start();
    expect(JSON.parse(await subscribed)).toEqual({ type: 'subscribe' });
    await w.until((s) => s.status === 'open');

    // drop the socket without a close frame: the client sees 1006
    for (const c of wss.clients) c.terminate();
    await w.until((s) => s.status === 'reconnecting');
    expect(timer.delays).toEqual([reconnectDelayMs(1)]);
    expect(timer.delays).toEqual([1000]);

    const second = once(wss, 'connection');
    timer.runNext();
    await second;
    await w.until((s) => s.status === 'open');
    expect(client.state().attempt).toBe(0);

    // a second drop starts the schedule from its first delay again
    for (const c of wss.clients) c.terminate();
    await w.until((s) => s.status === 'reconnecting');
    expect(timer.delays).toEqual([1000, 1000]);
    expect(reconnected).toBe(1);
    client.close();
    expect(client.state().status).toBe('closed');
    expect(timer.pendingCount).toBe(0);
  });

  it('does not reconnect after a clean close (1000)', async () => {
    const { wss, url } = await startServer();
    const timer = manualScheduler();
    const w = stateWaiter();
    const client = createLiveClient({
      url,
      createSocket,
      schedule: timer.schedule,
      onMessage: () => {},
      onState: w.onState,
    });
    const conn = once(wss, 'connection');
    client.start();
    const [ws] = (await conn) as [WebSocket];
    await w.until((s) => s.status === 'open');
    ws.close(1000, 'bye');
    await w.until((s) => s.status === 'closed');
    expect(timer.delays).toEqual([]);
    expect(client.state()).toEqual({ status: 'closed', attempt: 0, error: null });
  });

  it('gives up with the spec message after 5 failed attempts at 1000, 2000, 4000, 8000, 16000 ms', async () => {
    // a port that was just listening and is now closed: every connect is refused
    const { wss, url } = await startServer();
    await new Promise((r) => wss.close(() => r(undefined)));
    servers.splice(servers.indexOf(wss), 1);
    const timer = manualScheduler();
    const w = stateWaiter();
    const { logger } = recordingLogger();
    const client = createLiveClient({
      url,
      createSocket,
      schedule: timer.schedule,
      onMessage: () => {},
      onState: w.onState,
      logger,
    });
    client.start();
    for (let attempt = 1; attempt <= LIVE_RECONNECT.maxAttempts; attempt++) {
      await w.until((s) => s.status === 'reconnecting' && s.attempt === attempt);
      expect(timer.pendingCount).toBe(1);
      timer.runNext();
    }
    const failed = await w.until((s) => s.status === 'failed');
    expect(timer.delays).toEqual([1000, 2000, 4000, 8000, 16000]);
    expect(timer.delays).toEqual([1, 2, 3, 4, 5].map((a) => reconnectDelayMs(a)));
    expect(failed.error).toBe(MESSAGES.liveReconnectFailed);
    expect(failed.error).toBe('Failed to reconnect to server after multiple attempts');
    expect(timer.pendingCount).toBe(0);
  });

  it('logs and ignores malformed messages, and passes on good ones', async () => {
    const { wss, url } = await startServer();
    const { logger, errors } = recordingLogger();
    const received: LiveMessage[] = [];
    const gotOne = new Promise<void>((resolve) => {
      const client = createLiveClient({
        url,
        createSocket,
        onMessage: (m) => {
          received.push(m);
          resolve();
          client.close();
        },
        logger,
      });
      client.start();
    });
    const [ws] = (await once(wss, 'connection')) as [WebSocket];
    ws.send('not json');
    ws.send(JSON.stringify({ no: 'type' }));
    ws.send(JSON.stringify({ type: 'order.created', order: 'no seq' }));
    ws.send(JSON.stringify({ type: 'hello', venueId: 'not an id' }));
    // The screens only reload on an event: its order is not theirs to parse.
    ws.send(JSON.stringify({ type: 'order.created', seq: 7, order: 'passed through unparsed' }));
    await gotOne;
    expect(received).toEqual([{ kind: 'event', type: 'order.created', seq: 7, table: null }]);
    expect(errors.filter((e) => e[0] === 'Ignored a malformed live message').map((e) => e[1])).toEqual([
      'not json',
      JSON.stringify({ no: 'type' }),
      JSON.stringify({ type: 'order.created', order: 'no seq' }),
      JSON.stringify({ type: 'hello', venueId: 'not an id' }),
    ]);
  });

  it('drops a message sent while disconnected, with a warning', async () => {
    const { logger, warnings } = recordingLogger();
    const client = createLiveClient({ url: 'ws://127.0.0.1:1/ws', createSocket, onMessage: () => {}, logger });
    expect(client.send({ type: 'ping' })).toBe(false);
    expect(warnings).toHaveLength(1);
    expect(String(warnings[0]?.[0])).toMatch(/not connected/);
  });
});

describe('parseLiveMessage and liveUrl', () => {
  it.each([
    [{ protocol: 'http:', host: '127.0.0.1:8080' }, 'ws://127.0.0.1:8080/ws'],
    [{ protocol: 'https:', host: 'app.example.com' }, 'wss://app.example.com/ws'],
  ])('%o → %s', (loc, url) => {
    expect(liveUrl(loc)).toBe(url);
  });

  it('accepts a terminal status message', () => {
    const msg = {
      type: 'terminal.status',
      online: false,
      paired: true,
      cloudUrl: 'http://cloud',
      terminalId: null,
      venueId: null,
      cursor: 3,
      outbox: { pending: 2, rejected: [] },
    };
    expect(parseLiveMessage(JSON.stringify(msg))).toEqual({ kind: 'control', message: msg });
    expect(parseLiveMessage(JSON.stringify({ ...msg, online: 'no' }))).toBeNull();
  });

  it('accepts the terminal’s printer messages, which carry no sequence number, and refuses malformed ones', () => {
    const status = { type: 'printer.status', printerId: '00000000-0000-4000-8000-000000000001', status: 'PAPER_OUT' };
    expect(parseLiveMessage(JSON.stringify(status))).toEqual({ kind: 'control', message: status });
    expect(parseLiveMessage(JSON.stringify({ ...status, status: 'ON_FIRE' }))).toBeNull();
    expect(parseLiveMessage(JSON.stringify({ type: 'print.job.updated', job: { id: 'x' } }))).toBeNull();
  });

  it('carries a stuck-table warning for the toast, and drops a malformed one', () => {
    const event = {
      type: 'table.stuck',
      seq: 9,
      venueId: '00000000-0000-4000-8000-000000000001',
      at: '2026-11-25T10:00:00.000Z',
      tableId: '00000000-0000-4000-8000-000000000002',
      issue: 'STUCK_QA',
      message: 'Table 4 needs QA attention.',
    };
    expect(parseLiveMessage(JSON.stringify(event))).toEqual({
      kind: 'event',
      type: 'table.stuck',
      seq: 9,
      table: null,
      stuck: { issue: 'STUCK_QA', message: 'Table 4 needs QA attention.' },
    });
    expect(parseLiveMessage(JSON.stringify({ ...event, issue: 'BORED' }))).toBeNull();
  });
});
