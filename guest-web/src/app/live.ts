// The live channel for a guest (spec 1 section 4): same host at /ws, the guest cookie
// authenticates it. After an unclean close it reconnects with the shared back-off and, once the
// attempts run out, says so. A malformed message is logged and ignored.
import {
  ErrorMessage,
  HelloMessage,
  LIVE_PATH,
  LiveEvent,
  MESSAGES,
  PongMessage,
  reconnectDelayMs,
  shouldReconnect,
} from '@tablewise/shared';
import { useEffect, useRef, useState } from 'react';
import { z } from 'zod';
import { readRaw, writeRaw } from './storage.js';

// Events and the channel's own messages are told apart first, so a new event type added to the
// contract is simply passed on rather than breaking this switch.
const ControlMessage = z.discriminatedUnion('type', [HelloMessage, ErrorMessage, PongMessage]);

export type LiveStatus = 'connecting' | 'open' | 'reconnecting' | 'failed';

function liveUrl(): string {
  const scheme = window.location.protocol === 'https:' ? 'wss' : 'ws';
  return `${scheme}://${window.location.host}${LIVE_PATH}`;
}

/**
 * `cursorKey` names where the last event seen is kept, so a page opened again later asks the hub
 * for everything that happened while it was closed, not only what happens from now on.
 */
export function useLiveEvents(
  enabled: boolean,
  onEvent: (event: LiveEvent) => void,
  onGiveUp: (message: string) => void,
  cursorKey?: string,
): LiveStatus {
  const [status, setStatus] = useState<LiveStatus>('connecting');
  // Handlers change every render; the socket must not be rebuilt for that.
  const handlers = useRef({ onEvent, onGiveUp });
  handlers.current = { onEvent, onGiveUp };

  useEffect(() => {
    if (!enabled) return;
    let socket: WebSocket | null = null;
    let timer: number | undefined;
    let attempt = 0;
    let stopped = false;
    // The last event seen, so a reconnect asks for whatever was missed while away.
    const stored = cursorKey ? Number(readRaw(cursorKey)) : Number.NaN;
    let lastSeq: number | null = Number.isSafeInteger(stored) && stored >= 0 ? stored : null;
    const advance = (seq: number) => {
      lastSeq = Math.max(lastSeq ?? 0, seq);
      if (cursorKey) writeRaw(cursorKey, String(lastSeq));
    };

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
        socket?.send(JSON.stringify(lastSeq === null ? { type: 'subscribe' } : { type: 'subscribe', after: lastSeq }));
      };
      socket.onmessage = (message) => {
        let json: unknown;
        try {
          json = JSON.parse(String(message.data));
        } catch (error) {
          console.warn('Ignoring a malformed live message', error);
          return;
        }
        const event = LiveEvent.safeParse(json);
        if (event.success) {
          handlers.current.onEvent(event.data);
          advance(event.data.seq);
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
            if (lastSeq === null) advance(data.lastSeq);
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
        handlers.current.onGiveUp(MESSAGES.liveReconnectFailed);
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
  }, [enabled, cursorKey]);

  return status;
}
