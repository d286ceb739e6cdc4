// The people in the restaurant: guests ordering by their table's QR code on the cloud, and staff
// moving items on the terminal's kitchen display. Every answer is recorded; a 5xx is never expected.
import { MenuAnswer, TableQrAnswer } from '@tablewise/shared';
import { DEMO_MANAGER } from '../demo.js';
import type { Random } from './random.js';
import type { Stack } from './stack.js';

export interface PlacedOrder {
  id: string;
  /** The fault acting while the order was placed: a ticket it loses is that scenario's. */
  scenario: string;
  accepted: boolean;
}

export interface Move {
  itemId: string;
  to: string;
  scenario: string;
  /** accepted: the terminal answered 2xx; unknown: the request may have reached it before it died. */
  outcome: 'accepted' | 'unknown';
}

const NEXT: Record<string, string> = { SENT_TO_KITCHEN: 'IN_PREP', IN_PREP: 'READY_FOR_RUN' };

function cookieOf(res: Response): string {
  return res.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
}

function refused(error: unknown): boolean {
  const cause = (error as { cause?: { code?: string } }).cause;
  return cause?.code === 'ECONNREFUSED';
}

export class Driver {
  readonly orders: PlacedOrder[] = [];
  readonly moves: Move[] = [];
  readonly fiveHundreds: { scenario: string; line: string }[] = [];
  private guests: { cookie: string; sessionId: string }[] = [];
  private menu: { id: string; station: string }[] = [];
  private terminalCookie = '';
  scenario = 'warm-up';

  constructor(
    private readonly stack: Stack,
    private readonly random: Random,
  ) {}

  /** Every call goes through here: a 5xx is counted, whatever the call. */
  private async call(url: string, init: RequestInit & { timeoutMs?: number } = {}): Promise<Response> {
    const res = await fetch(url, { ...init, signal: AbortSignal.timeout(init.timeoutMs ?? 10_000) });
    if (res.status >= 500) {
      this.fiveHundreds.push({ scenario: this.scenario, line: `${init.method ?? 'GET'} ${url} → ${res.status}` });
    }
    return res;
  }

  async setUp(tables: number): Promise<void> {
    const { cloudUrl, venueId, tableIds } = this.stack;
    const login = await this.call(`${cloudUrl}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(DEMO_MANAGER),
    });
    const staff = cookieOf(login);
    for (const tableId of tableIds.slice(0, tables)) {
      const qr = TableQrAnswer.parse(
        await (await this.call(`${cloudUrl}/api/tables/${tableId}/qr`, { headers: { cookie: staff } })).json(),
      );
      const checkin = await this.call(`${cloudUrl}/api/guest/checkin`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ guestName: 'Chaos', partySize: 2, tableId, venueId, token: qr.token }),
      });
      if (!checkin.ok) throw new Error(`Check-in failed: ${checkin.status} ${await checkin.text()}`);
      const cookie = cookieOf(checkin);
      const { sessionId } = (await checkin.json()) as { sessionId: string };
      this.guests.push({ cookie, sessionId });
    }
    const first = this.guests[0];
    if (!first) throw new Error('No table to order from');
    const menu = MenuAnswer.parse(
      await (await this.call(`${cloudUrl}/api/menu`, { headers: { cookie: first.cookie } })).json(),
    );
    this.menu = menu.items
      .filter((i) => i.station !== null && i.modifiersSchema.every((g) => !g.required))
      .map((i) => ({ id: i.id, station: i.station as string }));
    if (this.menu.length === 0) throw new Error('The demo menu has no item without required choices');
  }

  /** A guest places one order (1-3 lines, course drink so it fires at once), retrying with its key until the cloud takes it. */
  async placeOrder(deadline: number): Promise<void> {
    const guest = this.random.pick(this.guests);
    const id = crypto.randomUUID();
    const lines = Array.from({ length: this.random.int(1, 3) }, () => ({
      menuItemId: this.random.pick(this.menu).id,
      quantity: this.random.int(1, 2),
      course: 'drink',
    }));
    const order: PlacedOrder = { id, scenario: this.scenario, accepted: false };
    this.orders.push(order);
    while (Date.now() < deadline) {
      try {
        const res = await this.call(`${this.stack.cloudUrl}/api/orders`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', cookie: guest.cookie, 'idempotency-key': id },
          body: JSON.stringify({ id, sessionId: guest.sessionId, items: lines }),
        });
        if (res.ok) {
          order.accepted = true;
          return;
        }
        const text = await res.text();
        if (res.status === 429) {
          await sleep(Number(res.headers.get('retry-after') ?? 1) * 1000);
          continue;
        }
        if (res.status < 500) throw new Error(`Order refused: ${res.status} ${text}`);
      } catch (error) {
        if (error instanceof Error && error.message.startsWith('Order refused')) throw error;
        // the cloud is down or restarting: the guest taps again, with the same key
      }
      await sleep(500);
    }
  }

  private async terminalLogin(): Promise<void> {
    const res = await this.call(`${this.stack.terminalUrl}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: this.stack.terminalUrl },
      body: JSON.stringify(DEMO_MANAGER),
    });
    if (!res.ok) throw new Error(`Terminal sign-in failed: ${res.status}`);
    this.terminalCookie = cookieOf(res);
  }

  /** GET on the terminal as staff, signing in again when its session is gone (a restarted core). */
  async terminalGet<T>(path: string): Promise<T> {
    if (!this.terminalCookie) await this.terminalLogin();
    let res = await this.call(`${this.stack.terminalUrl}${path}`, { headers: { cookie: this.terminalCookie } });
    if (res.status === 401) {
      await this.terminalLogin();
      res = await this.call(`${this.stack.terminalUrl}${path}`, { headers: { cookie: this.terminalCookie } });
    }
    if (!res.ok) throw new Error(`GET ${path} on the terminal: ${res.status} ${await res.text()}`);
    return (await res.json()) as T;
  }

  async terminalPost(path: string, body: unknown = {}): Promise<Response> {
    if (!this.terminalCookie) await this.terminalLogin();
    const send = () =>
      this.call(`${this.stack.terminalUrl}${path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', cookie: this.terminalCookie, origin: this.stack.terminalUrl },
        body: JSON.stringify(body),
      });
    let res = await send();
    if (res.status === 401) {
      await this.terminalLogin();
      res = await send();
    }
    return res;
  }

  /** A cook moves one ticketed item a step forward on the kitchen display. */
  async moveOne(): Promise<void> {
    let items: { id: string; orderId: string; status: string; menuItem: { station: string | null } }[];
    let jobs: { data: string; type: string }[];
    try {
      items = await this.terminalGet('/api/order-items/kitchen');
      jobs = await this.terminalGet('/api/print-jobs');
    } catch {
      return; // the terminal is down: the cook waits
    }
    const ticketed = new Set(
      jobs
        .filter((j) => j.type === 'kitchen_ticket')
        .map((j) => {
          const d = JSON.parse(j.data) as { orderId: string; station: string };
          return `${d.orderId}|${d.station}`;
        }),
    );
    const movable = items.filter((i) => NEXT[i.status] && ticketed.has(`${i.orderId}|${i.menuItem.station}`));
    if (movable.length === 0) return;
    const item = this.random.pick(movable);
    const to = NEXT[item.status] as string;
    try {
      const res = await this.terminalPost(`/api/order-items/${item.id}/status`, { status: to });
      if (res.ok) this.moves.push({ itemId: item.id, to, scenario: this.scenario, outcome: 'accepted' });
      else await res.text();
    } catch (error) {
      if (!refused(error)) this.moves.push({ itemId: item.id, to, scenario: this.scenario, outcome: 'unknown' });
    }
  }
}

export function sleep(ms: number): Promise<void> {
  return new Promise((r) => setTimeout(r, ms));
}

/** Polls `check` until it answers true, or gives up after `timeoutMs` (answering false). */
export async function until(check: () => Promise<boolean>, timeoutMs: number, everyMs = 500): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      if (await check()) return true;
    } catch {
      // not yet
    }
    if (Date.now() >= deadline) return false;
    await sleep(everyMs);
  }
}
