// The terminal's calls to the cloud. A network failure is a CloudUnreachable; an answer of any
// status is returned for the caller to judge. CloudClient makes the calls a person makes from this
// device (staff sign-in, pairing) with a session cookie; CloudApi adds those the terminal makes as
// itself, with its device credential.
import { randomUUID } from 'node:crypto';
import {
  createTerminal,
  getMenu,
  getOrderItem,
  getReservation,
  getSnapshot,
  getTerminalMe,
  getWaitlistEntry,
  IDEMPOTENCY_HEADER,
  type LoginRequest,
  listEvents,
  listOrders,
  listTables,
  login,
  logout,
  type PushedMutation,
  pushMutations,
  VENUE_HEADER,
} from '@tablewise/shared';
import { REQUEST_ID_HEADER } from '@tablewise/shared/logging';
import { z } from 'zod';
import { currentRequestId } from '../log.js';

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

export function isSuccess(status: number): boolean {
  return status >= 200 && status < 300;
}

export function messageOf(body: unknown): string | null {
  if (body && typeof body === 'object' && 'message' in body && typeof body.message === 'string') return body.message;
  return null;
}

/** The events page, with events left unparsed so one unknown type cannot stall the feed. */
const EventsPage = z.object({
  /** The cloud database's epoch; a cloud from before epochs does not say. */
  epoch: z.string().min(1).optional(),
  events: z.array(z.unknown()),
  lastSeq: z.number().int().nonnegative(),
  hasMore: z.boolean(),
});
export type EventsPage = z.infer<typeof EventsPage>;

export interface CloudClientOptions {
  /** How long a call waits for the cloud before it counts as unreachable. */
  timeoutMs?: number;
  fetch?: typeof fetch;
}

interface SendInit {
  body?: unknown;
  headers?: Record<string, string>;
  timeoutMs?: number;
}

/** A staff session on the cloud: the Cookie header to send with the calls it allows. */
export interface StaffLogin extends CloudAnswer {
  cookie: string;
}

export class CloudClient {
  constructor(
    readonly baseUrl: string,
    private readonly options: CloudClientOptions = {},
  ) {}

  protected async send(method: string, path: string, init: SendInit = {}): Promise<CloudAnswer & { headers: Headers }> {
    const fetchImpl = this.options.fetch ?? fetch;
    let response: Response;
    try {
      response = await fetchImpl(new URL(path, this.baseUrl), {
        method,
        headers: {
          Accept: 'application/json',
          ...(init.body === undefined ? {} : { 'Content-Type': 'application/json' }),
          // The local request (or outbox push) this call is part of: the cloud logs under the same id.
          [REQUEST_ID_HEADER]: currentRequestId() ?? randomUUID(),
          ...init.headers,
        },
        body: init.body === undefined ? undefined : JSON.stringify(init.body),
        signal: AbortSignal.timeout(init.timeoutMs ?? this.options.timeoutMs ?? 15_000),
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
    return { status: response.status, body, headers: response.headers };
  }

  /**
   * Signs a staff member in. Sent without the device credential: a revoked terminal must not turn
   * a good password into a refusal.
   */
  /** `venueId`: the venue to sign in at (a terminal's own), for a member whose roles cover several. */
  async login(credentials: LoginRequest, opts: { timeoutMs?: number; venueId?: string } = {}): Promise<StaffLogin> {
    const { venueId, ...init } = opts;
    const { status, body, headers } = await this.send(login.method, login.path, {
      ...init,
      body: credentials,
      ...(venueId ? { headers: { [VENUE_HEADER]: venueId } } : {}),
    });
    const cookie = headers
      .getSetCookie()
      .map((c) => c.split(';')[0])
      .join('; ');
    return { status, body, cookie };
  }

  async logout(session: StaffLogin): Promise<void> {
    await this.send(logout.method, logout.path, { headers: { Cookie: session.cookie } });
  }

  /** Creates a terminal in the staff member's venue; the answer holds its credential, shown once. */
  async createTerminal(session: StaffLogin, name: string) {
    const answer = await this.send(createTerminal.method, createTerminal.path, {
      body: { name },
      headers: { Cookie: session.cookie, [IDEMPOTENCY_HEADER]: randomUUID() },
    });
    if (!isSuccess(answer.status)) throw new CloudRefused(answer.status, answer.body);
    return createTerminal.answer.parse(answer.body);
  }
}

/** The calls this terminal makes as itself, with its device credential. */
export class CloudApi extends CloudClient {
  constructor(
    baseUrl: string,
    private readonly credential: string,
    options: CloudClientOptions = {},
  ) {
    super(baseUrl, options);
  }

  authHeader(): string {
    return `Terminal ${this.credential}`;
  }

  async request(
    method: string,
    path: string,
    init: { body?: unknown; headers?: Record<string, string> } = {},
  ): Promise<CloudAnswer> {
    const { status, body } = await this.send(method, path, {
      body: init.body,
      headers: { Authorization: this.authHeader(), ...init.headers },
    });
    return { status, body };
  }

  private async getParsed<T>(path: string, schema: z.ZodType<T>): Promise<T> {
    const answer = await this.request('GET', path);
    if (answer.status !== 200) throw new CloudRefused(answer.status, answer.body);
    return schema.parse(answer.body);
  }

  me() {
    return this.getParsed(getTerminalMe.path, getTerminalMe.answer);
  }

  snapshot() {
    return this.getParsed(getSnapshot.path, getSnapshot.answer);
  }

  eventsAfter(after: number, limit = 500): Promise<EventsPage> {
    return this.getParsed(listEvents.url(undefined, { after: String(after), limit: String(limit) }), EventsPage);
  }

  orderItem(id: string) {
    return this.getParsed(getOrderItem.url({ id }), getOrderItem.answer);
  }

  waitlistEntry(id: string) {
    return this.getParsed(getWaitlistEntry.url({ id }), getWaitlistEntry.answer);
  }

  reservation(id: string) {
    return this.getParsed(getReservation.url({ id }), getReservation.answer);
  }

  tables() {
    return this.getParsed(listTables.path, listTables.answer);
  }

  menu() {
    return this.getParsed(getMenu.path, getMenu.answer);
  }

  orders() {
    return this.getParsed(listOrders.path, listOrders.answer);
  }

  /** A batch of outbox entries, each with the number the cloud is to apply it as. */
  pushBatch(mutations: PushedMutation[]): Promise<CloudAnswer> {
    return this.request(pushMutations.method, pushMutations.path, { body: { mutations } });
  }
}
