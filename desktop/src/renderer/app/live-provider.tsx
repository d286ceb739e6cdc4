// Keeps one live connection while a user is signed in and feeds its messages to the cache.
import { useQueryClient } from '@tanstack/react-query';
import { createContext, type ReactNode, useContext, useEffect, useRef, useState } from 'react';
import { createLiveClient, type LiveMessage, type LiveState, liveUrl, type SocketLike } from './live-client.js';
import { applyLiveMessage } from './live-invalidation.js';

const initial: LiveState = { status: 'connecting', attempt: 0, error: null };
const LiveStateContext = createContext<LiveState>(initial);

type LiveListener = (message: LiveMessage) => void;
/** Screens that show the messages themselves (an activity feed, a staff alert) listen here; the
 * cache is still fed first, so a listener never sees a message before its lists are stale. */
const LiveListenersContext = createContext<Set<LiveListener>>(new Set());

export function LiveProvider({ children }: { children: ReactNode }) {
  const queryClient = useQueryClient();
  const [state, setState] = useState<LiveState>(initial);
  const listeners = useRef(new Set<LiveListener>());

  useEffect(() => {
    const client = createLiveClient({
      url: liveUrl(window.location),
      createSocket: (url) => new WebSocket(url) as unknown as SocketLike,
      onMessage: (message) => {
        applyLiveMessage(queryClient, message);
        for (const listener of listeners.current) listener(message);
      },
      onState: setState,
      // events may have been missed while away: reload everything on screen
      onReconnected: () => void queryClient.invalidateQueries(),
    });
    client.start();
    return () => client.close();
  }, [queryClient]);

  return (
    <LiveStateContext.Provider value={state}>
      <LiveListenersContext.Provider value={listeners.current}>{children}</LiveListenersContext.Provider>
    </LiveStateContext.Provider>
  );
}

export function useLiveState(): LiveState {
  return useContext(LiveStateContext);
}

/** Calls `listener` with every live message while the calling component is mounted. */
export function useLiveMessages(listener: LiveListener): void {
  const listeners = useContext(LiveListenersContext);
  const latest = useRef(listener);
  latest.current = listener;
  useEffect(() => {
    const forward: LiveListener = (message) => latest.current(message);
    listeners.add(forward);
    return () => {
      listeners.delete(forward);
    };
  }, [listeners]);
}
