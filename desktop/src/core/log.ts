// The terminal core's logger: the product's Node logger (shared/src/node-log.ts) naming the
// terminal. Every line a local request causes names its request id, and so does every call the
// core makes to the cloud meanwhile (X-Request-Id), so the cloud's lines for it carry the same id;
// a push of the outbox runs under an id of its own.
import type { LogLevel } from '@tablewise/shared/logging';
import { createNodeLogger, memoryLog } from '@tablewise/shared/node-log';
import type { Logger } from 'pino';

export { currentRequestId, inRequest } from '@tablewise/shared/node-log';

let current: Logger = createNodeLogger('terminal');

/**
 * The core's log. A function, not a constant, so a test can catch the lines (captureLog) and
 * modules that hold on to it still write where the test wants.
 */
export const log = {
  trace: (...args: Parameters<Logger['trace']>) => current.trace(...args),
  debug: (...args: Parameters<Logger['debug']>) => current.debug(...args),
  info: (...args: Parameters<Logger['info']>) => current.info(...args),
  warn: (...args: Parameters<Logger['warn']>) => current.warn(...args),
  error: (...args: Parameters<Logger['error']>) => current.error(...args),
};

/**
 * Sends the core's lines to memory, parsed, until `restore` is called: for tests.
 * @internal
 */
export function captureLog(level: LogLevel = 'info'): {
  lines: () => Record<string, unknown>[];
  text: () => string;
  restore: () => void;
} {
  const previous = current;
  const memory = memoryLog();
  current = createNodeLogger('terminal', { level, destination: memory.destination });
  return {
    lines: memory.lines,
    text: memory.text,
    restore: () => {
      current = previous;
    },
  };
}
