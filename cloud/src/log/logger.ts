// The cloud's one logger: the product's Node logger (shared/src/node-log.ts) naming the cloud.
import type { LogLevel } from '@tablewise/shared/logging';
import { createNodeLogger, memoryLog, type NodeLoggerOptions } from '@tablewise/shared/node-log';
import type { Logger } from 'pino';

export { inRequest } from '@tablewise/shared/node-log';
export type { Logger } from 'pino';

export function createLogger(opts: NodeLoggerOptions = {}): Logger {
  return createNodeLogger('cloud', opts);
}

/**
 * A logger that keeps its lines in memory, parsed, for tests that look at what was logged.
 * @internal
 */
export function captureLogger(level: LogLevel = 'info'): {
  logger: Logger;
  lines: Record<string, unknown>[];
  text: () => string;
} {
  const memory = memoryLog();
  const logger = createLogger({ level, destination: memory.destination });
  return {
    logger,
    get lines() {
      return memory.lines();
    },
    text: memory.text,
  };
}
