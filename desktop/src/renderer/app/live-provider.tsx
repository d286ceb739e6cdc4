// Keeps one live connection while a user is signed in and feeds its messages to the cache.
import { useQueryClient } from '@tanstack/react-query';
import { createContext, type ReactNode, useContext, useEffect, useState } from 'react';
import { createLiveClient, type LiveState, liveUrl, type SocketLike } from './live-client.js';
import { applyLiveMessage } from './live-invalidation.js';

const initial: LiveState = { status: 'connecting', attempt: 0, error: null };
const LiveStateContext = createContext<LiveState>(initial);

export function LiveProvider({ children }: { children: ReactNode }) {
  const queryClient = useQueryClient();
  const [state, setState] = useState<LiveState>(initial);

  useEffect(() => {
    const client = createLiveClient({
      url: liveUrl(window.location),
      createSocket: (url) => new WebSocket(url) as unknown as SocketLike,
      onMessage: (message) => applyLiveMessage(queryClient, message),
      onState: setState,
      // events may have been missed while away: reload everything on screen
      onReconnected: () => void queryClient.invalidateQueries(),
    });
    client.start();
    return () => client.close();
  }, [queryClient]);

  return <LiveStateContext.Provider value={state}>{children}</LiveStateContext.Provider>;
}

export function useLiveState(): LiveState {
  return useContext(LiveStateContext);
}
