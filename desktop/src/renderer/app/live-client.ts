// The live channel (spec 1 section 4): one socket to /ws on the page's own host. After an unclean
// close it reconnects on the shared schedule (1000 ms doubling, 5 attempts) and then gives up
// with the spec's message; a clean close (1000) stays closed. The socket constructor and the
// timer are injected so the schedule can be tested against a real server without sleeping.
import {
  type ClientMessage,
  ControlMessage,
  EventEnvelope,
  LIVE_PATH,
  MESSAGES,
  reconnectDelayMs,
  type StaffAlert,
  StaffAlertEvent,
  shouldReconnect,
  type Table,
  TableStateChangedEvent,
  TableStuckEvent,
  TerminalLocalMessage,
  TerminalStatusMessage,
  WS_CLEAN_CLOSE_CODE,
} from '@tablewise/shared';

/** The part of the WebSocket interface both the browser's and the `ws` package's sockets have. */
export interface SocketLike {
  readonly readyState: number;
  onopen: ((ev: unknown) => void) | null;
  onclose: ((ev: { code: number; reason?: string }) => void) | null;
  onerror: ((ev: unknown) => void) | null;
  onmessage: ((ev: { data: unknown }) => void) | null;
  send(data: string): void;
  close(code?: number, reason?: string): void;
}

const OPEN = 1;

/** What the app hears: one of the channel's own messages, or an event with only what the
 * screens use of it (its type says which reads are stale; a table change carries the table). */
export type LiveMessage =
  | { kind: 'control'; message: ControlMessage | TerminalStatusMessage | TerminalLocalMessage }
  | {
      kind: 'event';
      type: string;
      seq: number;
      table: Table | null;
      alert?: StaffAlert;
      /** A stuck-state warning (table.stuck): every staff screen toasts it. */
      stuck?: { issue: TableStuckIssue; message: string };
    };

type TableStuckIssue = ReturnType<typeof TableStuckEvent.parse>['issue'];

type LiveStatus = 'connecting' | 'open' | 'reconnecting' | 'failed' | 'closed';

export interface LiveState {
  status: LiveStatus;
  /** Reconnect attempts made since the last successful open. */
  attempt: number;
  error: string | null;
}

export interface LiveClientOptions {
  url: string;
  createSocket: (url: string) => SocketLike;
  /** Schedules `fn` after `ms`; returns a cancel function. */
  schedule?: (fn: () => void, ms: number) => () => void;
  onMessage: (message: LiveMessage) => void;
  onState?: (state: LiveState) => void;
  /** Called after a reconnect opened: events may have been missed while away. */
  onReconnected?: () => void;
  logger?: Pick<Console, 'warn' | 'error'>;
}

export interface LiveClient {
  start(): void;
  send(message: ClientMessage): boolean;
  /** Closes cleanly; no reconnect follows. */
  close(): void;
  state(): LiveState;
}

const CONTROL_TYPES: ReadonlySet<string> = new Set(ControlMessage.options.map((o) => o.shape.type.value as string));
/** The terminal core's own messages about its printers (no sequence number: not cloud events). */
const TERMINAL_LOCAL_TYPES: ReadonlySet<string> = new Set(
  TerminalLocalMessage.options.map((o) => o.shape.type.value as string),
);

/**
 * Parses one frame; null means malformed (not JSON, no type, or a message in the wrong shape).
 * @internal exported for its tests
 */
export function parseLiveMessage(data: unknown): LiveMessage | null {
  let value: unknown;
  try {
    value = JSON.parse(typeof data === 'string' ? data : String(data));
  } catch {
    return null;
  }
  const type = (value as { type?: unknown } | null)?.type;
  if (type === 'terminal.status' || (typeof type === 'string' && CONTROL_TYPES.has(type))) {
    const parsed = (type === 'terminal.status' ? TerminalStatusMessage : ControlMessage).safeParse(value);
    return parsed.success ? { kind: 'control', message: parsed.data } : null;
  }
  if (typeof type === 'string' && TERMINAL_LOCAL_TYPES.has(type)) {
    const parsed = TerminalLocalMessage.safeParse(value);
    return parsed.success ? { kind: 'control', message: parsed.data } : null;
  }
  const envelope = EventEnvelope.safeParse(value);
  if (!envelope.success) return null;
  let table: Table | null = null;
  if (envelope.data.type === 'table.state.changed') {
    const parsed = TableStateChangedEvent.safeParse(value);
    if (!parsed.success) return null;
    table = { ...parsed.data.table, state: parsed.data.state };
  }
  if (envelope.data.type === 'staff.alert') {
    const parsed = StaffAlertEvent.safeParse(value);
    if (!parsed.success) return null;
    return { kind: 'event', type: envelope.data.type, seq: envelope.data.seq, table, alert: parsed.data.alert };
  }
  if (envelope.data.type === 'table.stuck') {
    const parsed = TableStuckEvent.safeParse(value);
    if (!parsed.success) return null;
    const { issue, message } = parsed.data;
    return { kind: 'event', type: envelope.data.type, seq: envelope.data.seq, table, stuck: { issue, message } };
  }
  return { kind: 'event', type: envelope.data.type, seq: envelope.data.seq, table };
}

/** ws: or wss: to the page's own host, matching the page's scheme. */
export function liveUrl(location: { protocol: string; host: string }): string {
  return `${location.protocol === 'https:' ? 'wss:' : 'ws:'}//${location.host}${LIVE_PATH}`;
}

const defaultSchedule = (fn: () => void, ms: number) => {
  const handle = setTimeout(fn, ms);
  return () => clearTimeout(handle);
};

export function createLiveClient(options: LiveClientOptions): LiveClient {
  const schedule = options.schedule ?? defaultSchedule;
  const logger = options.logger ?? console;
  let socket: SocketLike | null = null;
  let cancelTimer: (() => void) | null = null;
  let closedByUs = false;
  let hasOpened = false;
  let state: LiveState = { status: 'closed', attempt: 0, error: null };

  const setState = (next: Partial<LiveState>) => {
    state = { ...state, ...next };
    options.onState?.(state);
  };

  const afterUncleanClose = () => {
    const attempt = state.attempt + 1;
    const delay = reconnectDelayMs(attempt);
    if (delay === null) {
      setState({ status: 'failed', error: MESSAGES.liveReconnectFailed });
      return;
    }
    setState({ status: 'reconnecting', attempt });
    cancelTimer = schedule(() => {
      cancelTimer = null;
      connect();
    }, delay);
  };

  function connect() {
    if (closedByUs) return;
    setState({ status: state.attempt === 0 ? 'connecting' : 'reconnecting' });
    let s: SocketLike;
    try {
      s = options.createSocket(options.url);
    } catch (error) {
      logger.error(MESSAGES.liveEstablishFailed, error);
      setState({ error: MESSAGES.liveEstablishFailed });
      afterUncleanClose();
      return;
    }
    socket = s;
    s.onopen = () => {
      const wasReconnect = hasOpened;
      hasOpened = true;
      setState({ status: 'open', attempt: 0, error: null });
      s.send(JSON.stringify({ type: 'subscribe' } satisfies ClientMessage));
      if (wasReconnect) options.onReconnected?.();
    };
    s.onmessage = (ev) => {
      const message = parseLiveMessage(ev.data);
      if (message === null) {
        logger.error('Ignored a malformed live message', ev.data);
        return;
      }
      options.onMessage(message);
    };
    s.onerror = (ev) => {
      logger.error(MESSAGES.liveConnectionError, ev);
      setState({ error: MESSAGES.liveConnectionError });
    };
    s.onclose = (ev) => {
      if (socket !== s) return;
      socket = null;
      if (closedByUs || !shouldReconnect(ev.code)) {
        setState({ status: 'closed' });
        return;
      }
      afterUncleanClose();
    };
  }

  return {
    start() {
      if (socket || cancelTimer) return;
      closedByUs = false;
      connect();
    },
    send(message) {
      if (!socket || socket.readyState !== OPEN) {
        logger.warn('Live channel is not connected; message dropped', message);
        return false;
      }
      socket.send(JSON.stringify(message));
      return true;
    },
    close() {
      closedByUs = true;
      cancelTimer?.();
      cancelTimer = null;
      socket?.close(WS_CLEAN_CLOSE_CODE);
      socket = null;
      setState({ status: 'closed' });
    },
    state: () => state,
  };
}
