// The live channel for a guest (spec 1 section 4): same host at /ws, the guest cookie
// authenticates it. After an unclean close it reconnects with the shared back-off and, once the
// attempts run out, says so. A malformed message is logged and ignored. It keeps no state of its
// own: each (re)connection is reported, and the page reads its data again then, so whatever
// happened while the socket was closed is in that read and whatever happens after arrives as events.
import {
  ControlMessage,
  EventEnvelope,
  LIVE_PATH,
  MESSAGES,
  reconnectDelayMs,
  shouldReconnect,
} from '@tablewise/shared';
import { useEffect, useRef, useState } from 'react';

// The channel's own messages are told apart first; anything else is an event, of which the page
// needs only its type (which reads it makes stale), so a new event type is simply passed on.
const CONTROL_TYPES: ReadonlySet<unknown> = new Set(ControlMessage.options.map((o) => o.shape.type.value));

export type LiveStatus = 'connecting' | 'open' | 'reconnecting' | 'failed';

function liveUrl(): string {
  const scheme = window.location.protocol === 'https:' ? 'wss' : 'ws';
  return `${scheme}://${window.location.host}${LIVE_PATH}`;
}

export interface LiveHandlers {
  onEvent: (event: EventEnvelope) => void;
  /** The hub greeted a new connection: events from here on will arrive, earlier ones will not. */
  onConnected: () => void;
  onGiveUp: (message: string) => void;
}

export function useLiveEvents(enabled: boolean, handlers: LiveHandlers): LiveStatus {
  const [status, setStatus] = useState<LiveStatus>('connecting');
  // Handlers change every render; the socket must not be rebuilt for that.
  const latest = useRef(handlers);
  latest.current = handlers;

  useEffect(() => {
    if (!enabled) return;
    let socket: WebSocket | null = null;
    let timer: number | undefined;
    let attempt = 0;
    let stopped = false;

    const connect = () => {
      setStatus(attempt === 0 ? 'connecting' : 'reconnecting');
      try {
        socket = new WebSocket(liveUrl());
      } catch (error) {
        console.warn(MESSAGES.liveEstablishFailed, error);
        scheduleReconnect();
        return;
      }
      socket.onopen = () => {
        attempt = 0;
        setStatus('open');
        socket?.send(JSON.stringify({ type: 'subscribe' }));
      };
      socket.onmessage = (message) => {
        let json: unknown;
        try {
          json = JSON.parse(String(message.data));
        } catch (error) {
          console.warn('Ignoring a malformed live message', error);
          return;
        }
        if (!CONTROL_TYPES.has((json as { type?: unknown } | null)?.type)) {
          const event = EventEnvelope.safeParse(json);
          if (event.success) latest.current.onEvent(event.data);
          else console.warn('Ignoring a malformed live message', event.error);
          return;
        }
        const control = ControlMessage.safeParse(json);
        if (!control.success) {
          console.warn('Ignoring a malformed live message', control.error);
          return;
        }
        const data = control.data;
        switch (data.type) {
          case 'hello':
            latest.current.onConnected();
            return;
          case 'pong':
            return;
          case 'error':
            console.warn(MESSAGES.liveConnectionError, data.message);
            return;
          default: {
            const never: never = data;
            throw new Error(`Unknown live message ${JSON.stringify(never)}`);
          }
        }
      };
      socket.onerror = () => console.warn(MESSAGES.liveConnectionError);
      socket.onclose = (event) => {
        socket = null;
        if (stopped || !shouldReconnect(event.code)) return;
        scheduleReconnect();
      };
    };

    const scheduleReconnect = () => {
      attempt += 1;
      const delay = reconnectDelayMs(attempt);
      if (delay === null) {
        setStatus('failed');
        latest.current.onGiveUp(MESSAGES.liveReconnectFailed);
        return;
      }
      setStatus('reconnecting');
      timer = window.setTimeout(connect, delay);
    };

    connect();
    return () => {
      stopped = true;
      window.clearTimeout(timer);
      socket?.close(1000);
    };
  }, [enabled]);

  return status;
}
