import {
  type AnswerOf,
  getTerminalStatus as getTerminalStatusCall,
  type TerminalStatusAnswer,
} from '@tablewise/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from './api-client.js';

type StatusAnswer = AnswerOf<typeof getTerminalStatusCall>;

/** The core's full status, when the answer is one (a signed-in member on a terminal). */
function fullStatus(answer: StatusAnswer): TerminalStatusAnswer | null {
  return 'online' in answer ? answer : null;
}

/** On a terminal the core also pushes `terminal.status`; the slow poll covers a quiet channel. */
const TERMINAL_STATUS_POLL_MS = 15_000;

/** The answer as it came: the terminal's status, or where the app runs (the cloud says it is not a
 * terminal; a terminal says only that it is one until someone signs in). */
export const terminalStatusQueryOptions = () =>
  queryOptions({
    queryKey: getTerminalStatusCall.key(),
    queryFn: (): Promise<StatusAnswer> => api.call(getTerminalStatusCall),
    refetchInterval: (query) => (query.state.data && fullStatus(query.state.data) ? TERMINAL_STATUS_POLL_MS : false),
  });

/** The terminal core's sync status; null on the cloud (and on a terminal before sign-in). */
export function useTerminalStatus() {
  return useQuery({ ...terminalStatusQueryOptions(), select: fullStatus });
}

/**
 * Whether this app is served by a terminal core (which drives the printers) rather than the cloud;
 * null until known.
 */
export function useOnTerminal(): boolean | null {
  const where = useQuery({
    ...terminalStatusQueryOptions(),
    select: (answer: StatusAnswer) => !('terminal' in answer && answer.terminal === false),
  });
  return where.isSuccess ? where.data : null;
}
