// The terminal's calls to the cloud, authenticated with its device credential. A network failure
// is a CloudUnreachable; an answer of any status is returned for the caller to judge.
import {
  IDEMPOTENCY_HEADER,
  OrderItem,
  SnapshotAnswer,
  TERMINAL_MUTATION_SEQ_HEADER,
  TerminalMeAnswer,
} from '@tablewise/shared';
import { z } from 'zod';

export class CloudUnreachable extends Error {
  constructor(cause: unknown) {
    super(`Cloud unreachable: ${cause instanceof Error ? cause.message : String(cause)}`);
    this.name = 'CloudUnreachable';
  }
}

/** The cloud answered, but not with what was asked. */
export class CloudRefused extends Error {
  constructor(
    readonly status: number,
    readonly body: unknown,
  ) {
    super(`Cloud answered ${status}: ${messageOf(body) ?? ''}`);
    this.name = 'CloudRefused';
  }
}

export interface CloudAnswer {
  status: number;
  body: unknown;
}

export function messageOf(body: unknown): string | null {
  if (body && typeof body === 'object' && 'message' in body && typeof body.message === 'string') return body.message;
  return null;
}

/** The events page, with events left unparsed so one unknown type cannot stall the feed. */
const EventsPage = z.object({
  events: z.array(z.unknown()),
  lastSeq: z.number().int().nonnegative(),
  hasMore: z.boolean(),
});
export type EventsPage = z.infer<typeof EventsPage>;

export class CloudApi {
  constructor(
    readonly baseUrl: string,
    private readonly credential: string,
    private readonly timeoutMs = 15_000,
  ) {}

  authHeader(): string {
    return `Terminal ${this.credential}`;
  }

  async request(
    method: string,
    path: string,
    init: { body?: unknown; headers?: Record<string, string> } = {},
  ): Promise<CloudAnswer> {
    let response: Response;
    try {
      response = await fetch(new URL(path, this.baseUrl), {
        method,
        headers: {
          Authorization: this.authHeader(),
          Accept: 'application/json',
          ...(init.body === undefined ? {} : { 'Content-Type': 'application/json' }),
          ...init.headers,
        },
        body: init.body === undefined ? undefined : JSON.stringify(init.body),
        signal: AbortSignal.timeout(this.timeoutMs),
      });
    } catch (error) {
      throw new CloudUnreachable(error);
    }
    let text: string;
    try {
      text = await response.text();
    } catch (error) {
      throw new CloudUnreachable(error);
    }
    let body: unknown = text;
    if (text.length > 0) {
      try {
        body = JSON.parse(text);
      } catch {
        body = { message: text };
      }
    }
    return { status: response.status, body };
  }

  private async getParsed<T>(path: string, schema: z.ZodType<T>): Promise<T> {
    const answer = await this.request('GET', path);
    if (answer.status !== 200) throw new CloudRefused(answer.status, answer.body);
    return schema.parse(answer.body);
  }

  me() {
    return this.getParsed('/api/terminals/me', TerminalMeAnswer);
  }

  snapshot() {
    return this.getParsed('/api/sync/snapshot', SnapshotAnswer);
  }

  eventsAfter(after: number, limit = 500): Promise<EventsPage> {
    return this.getParsed(`/api/sync/events?after=${after}&limit=${limit}`, EventsPage);
  }

  orderItem(id: string) {
    return this.getParsed(`/api/order-items/${encodeURIComponent(id)}`, OrderItem);
  }

  push(entry: {
    method: string;
    path: string;
    body: unknown;
    idempotencyKey: string;
    seq: number;
  }): Promise<CloudAnswer> {
    return this.request(entry.method, entry.path, {
      body: entry.body,
      headers: { [IDEMPOTENCY_HEADER]: entry.idempotencyKey, [TERMINAL_MUTATION_SEQ_HEADER]: String(entry.seq) },
    });
  }
}
