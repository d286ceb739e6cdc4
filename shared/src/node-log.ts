// The logger of every Node process of the product (the cloud, its fan-out processes, the terminal
// core): pino, JSON lines on stdout. Every line a request causes carries its request id, from where
// the request is taken in down to a repository's retry, without passing it along, through an
// AsyncLocalStorage the logger's mixin reads. Secrets and guests' personal data are redacted by
// field name and scrubbed from free text (logging.ts). Node only: the screens never import it.
import { AsyncLocalStorage } from 'node:async_hooks';
import pino, { type DestinationStream, type Logger } from 'pino';
import { type LogLevel, logLevelFrom, redactLogFields, scrubLogText } from './logging.js';

const requestContext = new AsyncLocalStorage<{ reqId: string }>();

/** Runs `fn` (and everything it starts) as part of request `reqId`: each line logged meanwhile names it. */
export function inRequest<T>(reqId: string, fn: () => T): T {
  return requestContext.run({ reqId }, fn);
}

/** The request being served, if any. */
export function currentRequestId(): string | undefined {
  return requestContext.getStore()?.reqId;
}

/** An error as pino writes it (type, message, stack, cause), with personal data scrubbed from its text. */
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

export interface NodeLoggerOptions {
  /** LOG_LEVEL by default ('info'; 'silent' under vitest). */
  level?: LogLevel;
  /** Fields on every line, such as the process's role. */
  base?: Record<string, unknown>;
  /** stdout by default. */
  destination?: DestinationStream;
}

/** A logger whose lines name `service` ('cloud', 'terminal'). */
export function createNodeLogger(service: string, opts: NodeLoggerOptions = {}): Logger {
  return pino(
    {
      level: opts.level ?? logLevelFrom(process.env),
      base: { service, pid: process.pid, ...opts.base },
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
        // The message text (and any string argument formatted into it) is scrubbed too.
        logMethod(args, method) {
          const scrubbed = args.map((arg) => (typeof arg === 'string' ? scrubLogText(arg) : arg));
          method.apply(this, scrubbed as Parameters<typeof method>);
        },
      },
    },
    opts.destination,
  );
}

/**
 * A destination that keeps the lines in memory, for tests that look at what was logged.
 * @internal
 */
export function memoryLog(): { destination: DestinationStream; lines(): Record<string, unknown>[]; text(): string } {
  const raw: string[] = [];
  return {
    destination: { write: (line: string) => void raw.push(line) },
    lines: () => raw.map((line) => JSON.parse(line) as Record<string, unknown>),
    text: () => raw.join(''),
  };
}
