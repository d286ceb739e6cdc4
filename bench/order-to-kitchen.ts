// How long a guest's drink takes to reach the kitchen: from POST /api/orders to the event on a
// staff socket of the cloud, and to the event on the terminal core's own socket (through its
// replica). Reported as ratios against a baseline measured in the same run: one authenticated
// HTTP round trip to the cloud.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { MenuAnswer, TableQrAnswer } from '@tablewise/shared';
import WebSocket from 'ws';
import { seedDemo } from '../cloud/src/db/seed/demo.js';
import { startCloud } from '../cloud/src/server.js';
import { createTestDatabase } from '../cloud/src/test/database.js';
import { startTerminalCore } from '../desktop/src/core/core.js';
import { DEMO_MANAGER, pairDemoTerminal, signIn } from '../scripts/demo.js';
import { type Bench, type Figure, percentile } from './figure.js';

function cookieOf(res: Response): string {
  return res.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
}

/** Resolves with the time the first message matching `match` arrives on `socket`. */
function nextMessage(
  socket: WebSocket,
  match: (m: { type: string; order?: { id: string } }) => boolean,
): Promise<number> {
  return new Promise((resolve) => {
    const onMessage = (data: WebSocket.RawData) => {
      const message = JSON.parse(String(data));
      if (match(message)) {
        socket.off('message', onMessage);
        resolve(performance.now());
      }
    };
    socket.on('message', onMessage);
  });
}

async function openSocket(url: string, cookie: string): Promise<WebSocket> {
  const socket = new WebSocket(url, { headers: { cookie } });
  await new Promise<void>((res, rej) => {
    socket.once('open', () => res());
    socket.once('error', rej);
  });
  socket.send(JSON.stringify({ type: 'subscribe' }));
  return socket;
}

export const bench: Bench = async ({ quick }) => {
  const rounds = quick ? 10 : 30;
  const database = await createTestDatabase();
  const dataDir = mkdtempSync(join(tmpdir(), 'tw-bench-'));
  const seed = await seedDemo(database.db);
  const cloud = await startCloud({ db: database.db, databaseUrl: database.url, secret: 'bench-secret', port: 0 });
  const paired = await pairDemoTerminal({ cloudUrl: cloud.url, dataDir });
  const terminal = await startTerminalCore({
    cloudUrl: cloud.url,
    credential: paired.credential,
    dataDir,
    printing: false,
  });
  try {
    const staffCookie = await signIn(cloud.url);
    const terminalLogin = await fetch(`${terminal.url}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(DEMO_MANAGER),
    });
    const terminalCookie = cookieOf(terminalLogin);
    const cloudSocket = await openSocket(`${cloud.url.replace('http', 'ws')}/ws`, staffCookie);
    const terminalSocket = await openSocket(`${terminal.url.replace('http', 'ws')}/ws`, terminalCookie);

    // A guest at table 1 with a drink to order again and again.
    const tableId = seed.tableIds[0] as string;
    const qr = TableQrAnswer.parse(
      await (await fetch(`${cloud.url}/api/tables/${tableId}/qr`, { headers: { cookie: staffCookie } })).json(),
    );
    const checkin = await fetch(`${cloud.url}/api/guest/checkin`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ guestName: 'Bench', partySize: 2, tableId, venueId: seed.venueId, token: qr.token }),
    });
    const guestCookie = cookieOf(checkin);
    const { sessionId } = (await checkin.json()) as { sessionId: string };
    const menu = MenuAnswer.parse(
      await (await fetch(`${cloud.url}/api/menu`, { headers: { cookie: guestCookie } })).json(),
    );
    const drink = menu.items.find((i) => i.station === 'Bar' && i.modifiersSchema.every((g) => !g.required));
    if (!drink) throw new Error('The demo menu has no drink without required choices');

    const baseline: number[] = [];
    const toCloud: number[] = [];
    const toTerminal: number[] = [];
    for (let i = 0; i < rounds; i++) {
      const t0 = performance.now();
      await fetch(`${cloud.url}/api/auth/me`, { headers: { cookie: staffCookie } }).then((r) => r.text());
      baseline.push(performance.now() - t0);

      const id = crypto.randomUUID();
      const isThisOrder = (m: { type: string; order?: { id: string } }) =>
        m.type === 'order.created' && m.order?.id === id;
      const atCloud = nextMessage(cloudSocket, isThisOrder);
      const atTerminal = nextMessage(terminalSocket, isThisOrder);
      const start = performance.now();
      const res = await fetch(`${cloud.url}/api/orders`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', cookie: guestCookie, 'idempotency-key': id },
        body: JSON.stringify({ id, sessionId, items: [{ menuItemId: drink.id, quantity: 1, course: 'drink' }] }),
      });
      if (!res.ok) throw new Error(`Order failed: ${res.status} ${await res.text()}`);
      toCloud.push((await atCloud) - start);
      toTerminal.push((await atTerminal) - start);
    }
    cloudSocket.close(1000);
    terminalSocket.close(1000);

    const base = percentile(baseline, 0.5);
    const figure = (what: string, samples: number[]): Figure => ({
      id: 'P0',
      figure: `order placed → order.created on ${what}, median`,
      value: percentile(samples, 0.5),
      unit: 'ms',
      floor: base,
      floorLabel: 'one authenticated HTTP round trip',
      goal: 'reported only',
      met: true,
    });
    return [figure('a cloud staff socket', toCloud), figure('the terminal core socket', toTerminal)];
  } finally {
    await terminal.close();
    await cloud.close();
    await database.drop();
    rmSync(dataDir, { recursive: true, force: true });
  }
};
