import { getTerminalStatus as getTerminalStatusCall, type TerminalStatusAnswer } from '@tablewise/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from './api-client.js';

/** The terminal core's sync status; null on the cloud, which answers that it is not a terminal. */
async function getTerminalStatus(): Promise<TerminalStatusAnswer | null> {
  const answer = await api.call(getTerminalStatusCall);
  return 'online' in answer ? answer : null;
}

/** On a terminal the core also pushes `terminal.status`; the slow poll covers a quiet channel. */
const TERMINAL_STATUS_POLL_MS = 15_000;

export const terminalStatusQueryOptions = () =>
  queryOptions({
    queryKey: getTerminalStatusCall.key(),
    queryFn: getTerminalStatus,
    refetchInterval: (query) => (query.state.data ? TERMINAL_STATUS_POLL_MS : false),
  });

export function useTerminalStatus() {
  return useQuery(terminalStatusQueryOptions());
}

/**
 * Whether this app is served by a terminal core (which drives the printers) rather than the cloud;
 * null until known.
 */
export function useOnTerminal(): boolean | null {
  const status = useTerminalStatus();
  return status.isSuccess ? status.data !== null : null;
}
