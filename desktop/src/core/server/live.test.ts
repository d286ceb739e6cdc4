// The local /ws over real sockets: a frame over the message size limit closes only that socket; a
// socket whose sign-in expires or is signed out is closed (4401).
import { createHash, randomUUID } from 'node:crypto';
import { LIVE_LIMITS, LIVE_REVOKED_CLOSE_CODE, STAFF_SESSION_COOKIE } from '@tablewise/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { startTerminalCore, type TerminalCore } from '../core.js';
import { createSession, putUser } from '../sqlite/repositories/local-auth.js';
import { tempDir, VENUE } from '../test/fixtures.js';

let core: TerminalCore;
let dir: { dir: string; remove(): void };
const token = 'local-live-test-token';
let userId: string;

/** A sign-in of the test's user on this terminal, ending at `expires`. */
function signInUntil(name: string, expires: Date): string {
  createSession(
    core.replica.write,
    createHash('sha256').update(name).digest('hex'),
    userId,
    expires.toISOString(),
    new Date().toISOString(),
  );
  return name;
}

beforeAll(async () => {
  dir = tempDir();
  // Port 9 (discard) on loopback refuses connections: the cloud is simply unreachable.
  core = await startTerminalCore({
    cloudUrl: 'http://127.0.0.1:9',
    credential: 'x',
    dataDir: dir.dir,
    port: 0,
    printing: false,
    liveRevalidateMs: 100,
  });
  const user = { id: randomUUID(), email: 'sam@live.test', firstName: 'Sam', lastName: null };
  const at = new Date().toISOString();
  const me = {
    user,
    principal: { user, organizationId: VENUE.organizationId, venueId: VENUE.id, role: 'STAFF', permissions: [] },
  };
  putUser(core.replica.write, { id: user.id, email: user.email, passwordHash: 'x', venueId: VENUE.id, me }, at);
  userId = user.id;
  signInUntil(token, new Date(Date.now() + 3_600_000));
});
afterAll(async () => {
  await core.close();
  dir.remove();
});

function open(as = token): Promise<WebSocket> {
  const ws = new WebSocket(`ws://127.0.0.1:${core.port}/ws`, {
    headers: { cookie: `${STAFF_SESSION_COOKIE}=${as}` },
  });
  return new Promise((resolve, reject) => {
    ws.once('open', () => resolve(ws));
    ws.once('unexpected-response', (_q, res) => reject(new Error(`upgrade refused: ${res.statusCode}`)));
    ws.once('error', reject);
  });
}

function nextMessage(ws: WebSocket, type: string): Promise<unknown> {
  return new Promise((resolve) => {
    const listener = (data: WebSocket.RawData) => {
      const message = JSON.parse(data.toString()) as { type: string };
      if (message.type !== type) return;
      ws.off('message', listener);
      resolve(message);
    };
    ws.on('message', listener);
  });
}

describe('local live channel', () => {
  it('closes a socket that sends a frame over 64 KB (1009) and keeps serving others', async () => {
    const ws = await open();
    const closed = new Promise<number>((resolve) => ws.once('close', (code) => resolve(code)));
    ws.send('x'.repeat(LIVE_LIMITS.maxPayloadBytes + 1));
    expect(await closed).toBe(1009);
    const other = await open();
    const pong = nextMessage(other, 'pong');
    other.send(JSON.stringify({ type: 'ping' }));
    expect(await pong).toEqual({ type: 'pong' });
    other.close();
  });

  it('closes a socket once its sign-in expires, and at once when it signs out; others stay open', async () => {
    const closeOf = (ws: WebSocket) =>
      new Promise<{ code: number }>((resolve) => ws.once('close', (code) => resolve({ code })));
    const expiring = await open(signInUntil('expiring-token', new Date(Date.now() + 800)));
    const signingOut = await open(signInUntil('signing-out-token', new Date(Date.now() + 3_600_000)));
    const staying = await open();
    const expired = closeOf(expiring);
    expect((await expired).code).toBe(LIVE_REVOKED_CLOSE_CODE);

    const signedOut = closeOf(signingOut);
    const reply = await fetch(`${core.url}/api/auth/logout`, {
      method: 'POST',
      headers: { cookie: `${STAFF_SESSION_COOKIE}=signing-out-token`, origin: core.url },
    });
    expect(reply.status).toBeLessThan(300);
    expect((await signedOut).code).toBe(LIVE_REVOKED_CLOSE_CODE);

    const pong = nextMessage(staying, 'pong');
    staying.send(JSON.stringify({ type: 'ping' }));
    expect(await pong).toEqual({ type: 'pong' });
    staying.close();
    // The ended sign-in opens no socket again.
    await expect(open('expiring-token')).rejects.toThrow(/401/);
  });
});
