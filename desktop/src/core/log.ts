// The terminal core's logger (pino, JSON lines on stdout), with the cloud's rules
// (shared/src/logging.ts): every line a local request causes names its request id, and so does
// every call the core makes to the cloud meanwhile (X-Request-Id), so the cloud's lines for it carry
// the same id; a push of the outbox runs under an id of its own. Secrets and guests' personal data
// are redacted by field name and scrubbed from free text.
import { AsyncLocalStorage } from 'node:async_hooks';
import { type LogLevel, logLevelFrom, redactLogFields, scrubLogText } from '@tablewise/shared/logging';
import pino, { type DestinationStream, type Logger } from 'pino';

const requestContext = new AsyncLocalStorage<{ reqId: string }>();

/** Runs `fn` (and everything it starts) as part of request `reqId`. */
export function inRequest<T>(reqId: string, fn: () => T): T {
  return requestContext.run({ reqId }, fn);
}

/** The request being served, if any. */
export function currentRequestId(): string | undefined {
  return requestContext.getStore()?.reqId;
}

function scrubbedError(error: unknown): unknown {
  if (!(error instanceof Error)) return typeof error === 'string' ? scrubLogText(error) : error;
  // Own fields only, as a plain object (pino's has a prototype of its own).
  const plain: Record<string, unknown> = { ...(pino.stdSerializers.err(error) as unknown as Record<string, unknown>) };
  for (const key of ['message', 'stack'] as const) {
    if (typeof plain[key] === 'string') plain[key] = scrubLogText(plain[key] as string);
  }
  // The error's own fields (a driver's details) too.
  return redactLogFields(plain);
}

function createLogger(level: LogLevel, destination?: DestinationStream): Logger {
  return pino(
    {
      level,
      base: { service: 'terminal', pid: process.pid },
      timestamp: pino.stdTimeFunctions.isoTime,
      // Secret and personal fields by name, at any depth of the line (not pino's path redaction,
      // whose wildcards cost 40 µs a line).
      formatters: { log: (fields) => redactLogFields(fields) },
      mixin: () => {
        const reqId = currentRequestId();
        return reqId ? { reqId } : {};
      },
      serializers: { err: scrubbedError, error: scrubbedError },
      hooks: {
        logMethod(args, method) {
          const scrubbed = args.map((arg) => (typeof arg === 'string' ? scrubLogText(arg) : arg));
          method.apply(this, scrubbed as Parameters<typeof method>);
        },
      },
    },
    destination,
  );
}

let current: Logger = createLogger(logLevelFrom(process.env));

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
  const raw: string[] = [];
  current = createLogger(level, { write: (line: string) => void raw.push(line) });
  return {
    lines: () => raw.map((line) => JSON.parse(line) as Record<string, unknown>),
    text: () => raw.join(''),
    restore: () => {
      current = previous;
    },
  };
}
