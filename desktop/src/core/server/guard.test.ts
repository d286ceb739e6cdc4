// The local server's guard, over real sockets: a wrong Host (DNS rebinding) or a foreign Origin
// is refused with 403 before anything else runs, for plain requests and /ws upgrades alike.
import { request } from 'node:http';
import { MESSAGES } from '@tablewise/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { startTerminalCore, type TerminalCore } from '../core.js';
import { tempDir } from '../test/fixtures.js';
import { refusal } from './guard.js';

let core: TerminalCore;
let dir: { dir: string; remove(): void };

beforeAll(async () => {
  dir = tempDir();
  // Port 9 (discard) on loopback refuses connections: the cloud is simply unreachable.
  core = await startTerminalCore({
    cloudUrl: 'http://127.0.0.1:9',
    credential: 'x',
    dataDir: dir.dir,
    port: 0,
    printing: false,
  });
});
afterAll(async () => {
  await core.close();
  dir.remove();
});

function get(path: string, headers: Record<string, string>): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port: core.port, path, method: 'GET', headers, setHost: false }, (res) => {
      let body = '';
      res.on('data', (c) => (body += c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
    });
    req.on('error', reject);
    req.end();
  });
}

function upgrade(headers: Record<string, string>): Promise<number> {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(`ws://127.0.0.1:${core.port}/ws`, { headers });
    ws.once('unexpected-response', (_req, res) => {
      resolve(res.statusCode ?? 0);
      ws.terminate();
    });
    ws.once('open', () => {
      resolve(101);
      ws.close();
    });
    ws.once('error', (e) => reject(e));
  });
}

describe('local server guard', () => {
  it('answers its own host names', async () => {
    expect((await get('/api/auth/me', { host: `127.0.0.1:${core.port}` })).status).toBe(401);
    expect(
      (await get('/api/auth/me', { host: `localhost:${core.port}`, origin: `http://localhost:${core.port}` })).status,
    ).toBe(401);
  });

  it('refuses a request for another host name (DNS rebinding)', async () => {
    const answer = await get('/api/auth/me', { host: `evil.example:${core.port}` });
    expect(answer.status).toBe(403);
    expect(JSON.parse(answer.body)).toMatchObject({ message: MESSAGES.forbiddenOrigin });
    expect((await get('/api/auth/me', { host: '127.0.0.1:1' })).status).toBe(403);
  });

  it('refuses a request from another origin', async () => {
    const answer = await get('/api/auth/me', { host: `127.0.0.1:${core.port}`, origin: 'http://evil.example' });
    expect(answer.status).toBe(403);
    expect(JSON.parse(answer.body)).toMatchObject({ message: MESSAGES.forbiddenOrigin });
    // Same host, other port or scheme: still another origin.
    expect(
      (await get('/api/auth/me', { host: `127.0.0.1:${core.port}`, origin: `http://127.0.0.1:${core.port + 1}` }))
        .status,
    ).toBe(403);
    expect(
      (await get('/api/auth/me', { host: `127.0.0.1:${core.port}`, origin: `https://127.0.0.1:${core.port}` })).status,
    ).toBe(403);
  });

  it('refuses a /ws upgrade from another origin or host, and one without a session', async () => {
    expect(await upgrade({ origin: 'http://evil.example' })).toBe(403);
    expect(await upgrade({ host: `evil.example:${core.port}` })).toBe(403);
    expect(await upgrade({ origin: `http://127.0.0.1:${core.port}` })).toBe(401);
  });

  it('decides by exact host and origin', () => {
    expect(refusal({ headers: { host: '127.0.0.1:8181' } }, 8181)).toBeNull();
    expect(refusal({ headers: { host: '127.0.0.1:8181', origin: 'http://localhost:8181' } }, 8181)).not.toBeNull();
    expect(refusal({ headers: { host: '127.0.0.1.evil.example:8181' } }, 8181)).not.toBeNull();
  });
});
