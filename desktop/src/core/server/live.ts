// The local /ws: the staff app's live channel. It carries every server event the replica applied,
// every local change, the terminal's status whenever online state or the outbox moves, and this
// terminal's printers' states and print jobs as they change (terminal-local messages).
import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import {
  ClientMessage,
  LIVE_LIMITS,
  LIVE_PATH,
  LIVE_REVOKED_CLOSE_CODE,
  type LiveEvent,
  MESSAGES,
  STAFF_SESSION_COOKIE,
  type TerminalLocalMessage,
  type TerminalStatusMessage,
} from '@tablewise/shared';
import { WebSocket, WebSocketServer } from 'ws';
import { getMeta } from '../sqlite/repositories/meta.js';
import { whoIs } from './auth.js';
import type { LocalServerDeps } from './deps.js';
import { refusal } from './guard.js';

function cookieValue(header: string | undefined, name: string): string | undefined {
  if (!header) return undefined;
  for (const part of header.split(';')) {
    const index = part.indexOf('=');
    if (index < 0) continue;
    if (part.slice(0, index).trim() === name) {
      try {
        return decodeURIComponent(part.slice(index + 1).trim());
      } catch {
        return undefined;
      }
    }
  }
  return undefined;
}

function refuseUpgrade(socket: Duplex, status: number, text: string, message: string): void {
  const body = JSON.stringify({ message });
  socket.end(
    `HTTP/1.1 ${status} ${text}\r\nContent-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
  );
}

export class LocalLive {
  private readonly wss = new WebSocketServer({ noServer: true, maxPayload: LIVE_LIMITS.maxPayloadBytes });
  private readonly unsubscribe: (() => void)[] = [];
  /** Each socket's staff sign-in, checked again while it is open. */
  private readonly signIns = new Map<WebSocket, string>();
  private readonly recheck: NodeJS.Timeout;

  constructor(
    private readonly deps: LocalServerDeps,
    private readonly port: () => number,
    revalidateMs: number = LIVE_LIMITS.revalidateMs,
  ) {
    // A sign-in that expires or is signed out closes its sockets: within revalidateMs, or at once.
    this.recheck = setInterval(() => this.revalidate(), revalidateMs);
    this.recheck.unref();
    this.unsubscribe.push(deps.bus.on('staffSignedOut', () => this.revalidate()));
    this.unsubscribe.push(
      deps.bus.on('live', (event) => {
        // A staff member the cloud deactivated (or whose access changed) loses their sockets now.
        if (event.type === 'staff.access.changed') this.revalidate();
        this.broadcast(event);
      }),
    );
    this.unsubscribe.push(deps.bus.on('status', () => this.broadcast(this.statusMessage())));
    this.unsubscribe.push(
      deps.bus.on('printerStatus', ({ printerId, status }) =>
        this.broadcast({ type: 'printer.status', printerId, status }),
      ),
    );
    this.unsubscribe.push(deps.bus.on('printJob', (job) => this.broadcast({ type: 'print.job.updated', job })));
    this.wss.on('connection', (ws) => this.onConnection(ws));
  }

  private statusMessage(): TerminalStatusMessage {
    return { type: 'terminal.status', ...this.deps.status() };
  }

  handleUpgrade(req: IncomingMessage, socket: Duplex, head: Buffer): void {
    const path = new URL(req.url ?? '/', 'http://local').pathname;
    if (path !== LIVE_PATH) {
      refuseUpgrade(socket, 404, 'Not Found', MESSAGES.notFound('Path'));
      return;
    }
    if (refusal(req, this.port()) !== null) {
      refuseUpgrade(socket, 403, 'Forbidden', MESSAGES.forbiddenOrigin);
      return;
    }
    const token = cookieValue(req.headers.cookie, STAFF_SESSION_COOKIE);
    if (!token || !whoIs(this.deps, token)) {
      refuseUpgrade(socket, 401, 'Unauthorized', MESSAGES.authenticationRequired);
      return;
    }
    this.wss.handleUpgrade(req, socket, head, (ws) => {
      this.signIns.set(ws, token);
      ws.once('close', () => this.signIns.delete(ws));
      this.wss.emit('connection', ws, req);
    });
  }

  /** Closes every socket whose staff sign-in has ended since it opened. */
  private revalidate(): void {
    for (const [ws, token] of this.signIns) {
      if (whoIs(this.deps, token)) continue;
      this.signIns.delete(ws);
      ws.close(LIVE_REVOKED_CLOSE_CODE, MESSAGES.authenticationRequired);
    }
  }

  private onConnection(ws: WebSocket): void {
    const meta = getMeta(this.deps.read);
    if (meta.venueId) ws.send(JSON.stringify({ type: 'hello', venueId: meta.venueId, lastSeq: meta.cursor }));
    ws.send(JSON.stringify(this.statusMessage()));
    // An oversized frame or a broken connection: ws closes this socket itself (1009 for the
    // frame); without a listener the error would end the whole core.
    ws.on('error', () => {});
    ws.on('message', (data) => {
      let parsed: ClientMessage;
      try {
        parsed = ClientMessage.parse(JSON.parse(data.toString()));
      } catch {
        ws.send(JSON.stringify({ type: 'error', message: MESSAGES.invalidField('message', 'not understood') }));
        return;
      }
      switch (parsed.type) {
        case 'ping':
          ws.send(JSON.stringify({ type: 'pong' }));
          return;
        case 'subscribe':
          // Every client of this server is subscribed to the one venue from the start; the app
          // refetches its lists on connect, so there is nothing to replay.
          return;
        default: {
          const never: never = parsed;
          throw new Error(`Unhandled message ${JSON.stringify(never)}`);
        }
      }
    });
  }

  broadcast(message: LiveEvent | TerminalStatusMessage | TerminalLocalMessage): void {
    const text = JSON.stringify(message);
    for (const client of this.wss.clients) {
      if (client.readyState === WebSocket.OPEN) client.send(text);
    }
  }

  close(): void {
    clearInterval(this.recheck);
    for (const off of this.unsubscribe) off();
    for (const client of this.wss.clients) client.terminate();
    this.wss.close();
  }
}
