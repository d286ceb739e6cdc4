// What the adversarial probe of issue 27 found at the HTTP edge, each answered: an object id in
// capitals, a 5xx logged with its stack and request id, the origin check exact, and the security
// headers on every answer.
import { randomUUID } from 'node:crypto';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { MESSAGES } from '@tablewise/shared';
import Koa from 'koa';
import helmet from 'koa-helmet';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { captureLogger } from './log/logger.js';
import { HELMET_OPTIONS, HSTS_VALUE } from './middleware/security-headers.js';
import type { ObjectStore } from './objects/store.js';
import { Client, type Harness, loginAs, startHarness } from './testkit/harness.js';

const PNG = Buffer.from('89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c489', 'hex');
const BROKEN = randomUUID();
const stored = new Map<string, Uint8Array>();
const objectStore: ObjectStore = {
  async put(key, bytes) {
    stored.set(key, bytes);
  },
  async get(key) {
    if (key === BROKEN) throw new Error('the disk went away');
    return stored.get(key) ?? null;
  },
};

const captured = captureLogger();
let h: Harness;
beforeAll(async () => {
  h = await startHarness({ trustProxy: 1, objectStore, log: captured.logger });
});
afterAll(async () => {
  await h?.close();
});

async function storeObject(id: string): Promise<void> {
  await h.database
    .db('stored_objects')
    .insert({ id, org_id: h.fixture.a.orgId, content_type: 'image/png', size: PNG.byteLength, created_at: new Date() });
  stored.set(id, PNG);
}

describe('GET /api/objects/:id', () => {
  it('reads an id in capitals as the same uuid, and answers 404 for one never stored, never 500', async () => {
    const id = randomUUID();
    await storeObject(id);
    const client = new Client(h.cloud.url);
    const upper = await fetch(`${h.cloud.url}/api/objects/${id.toUpperCase()}`);
    expect(upper.status).toBe(200);
    expect(Buffer.from(await upper.arrayBuffer())).toEqual(PNG);
    expect((await client.get(`/api/objects/${randomUUID().toUpperCase()}`)).status).toBe(404);
    expect((await client.get('/api/objects/NOT-A-UUID')).status).toBe(404);
  });

  it('logs a 500 with its stack and the request id, and tells the client nothing of it', async () => {
    await storeObject(BROKEN);
    const reply = await new Client(h.cloud.url).get(`/api/objects/${BROKEN}`, {
      headers: { 'x-request-id': 'probe-500' },
    });
    expect(reply.status).toBe(500);
    expect(JSON.stringify(reply.body)).not.toMatch(/disk/);
    const line = captured.lines.find((l) => JSON.stringify(l.err ?? '').includes('the disk went away'));
    expect(line).toMatchObject({ level: 50, reqId: 'probe-500', msg: 'request failed' });
    expect((line?.err as { stack?: string } | undefined)?.stack).toMatch(/at .*app-hardening\.test\.ts/);
  });
});

describe('the origin check', () => {
  it('takes the public origin and the page’s own, exactly; not another port of loopback', async () => {
    const manager = await loginAs(h.cloud.url, h.fixture.a.managerEmail);
    const write = (origin: string) => manager.post('/api/terminals', { name: 'Origin PC' }, { headers: { origin } });
    const port = new URL(h.cloud.url).port;
    for (const origin of [
      'http://localhost:5999',
      'http://127.0.0.1:1',
      'http://[::1]:8080',
      `http://localhost:${port}`,
      `https://127.0.0.1:${port}`,
      'null',
    ]) {
      const refused = await write(origin);
      expect(refused.status, origin).toBe(403);
      expect(refused.body.message).toBe(MESSAGES.forbiddenOrigin);
    }
    expect((await write(h.cloud.url)).status).toBe(201);
  });
});

describe('security headers', () => {
  it('go on pages, API answers and errors: CSP with frame-ancestors, nosniff, no framing; HSTS only behind TLS', async () => {
    for (const path of ['/api/health', '/api/no-such-route', '/']) {
      const reply = await fetch(`${h.cloud.url}${path}`);
      const csp = reply.headers.get('content-security-policy') ?? '';
      expect(csp, path).toMatch(/frame-ancestors 'none'/);
      expect(csp).toMatch(/default-src 'self'/);
      expect(csp).toMatch(/script-src 'self' https:\/\/js\.stripe\.com/);
      expect(csp).toMatch(/object-src 'none'/);
      expect(csp).not.toMatch(/upgrade-insecure-requests/);
      expect(reply.headers.get('x-content-type-options')).toBe('nosniff');
      expect(reply.headers.get('x-frame-options')).toBe('DENY');
      expect(reply.headers.get('strict-transport-security')).toBeNull();
    }
    const overTls = await fetch(`${h.cloud.url}/api/health`, { headers: { 'x-forwarded-proto': 'https' } });
    expect(overTls.headers.get('strict-transport-security')).toBe(HSTS_VALUE);
  });

  it("are koa-helmet's own, header for header (set once, not by its middlewares on each request)", async () => {
    const bare = new Koa();
    bare.use(helmet(HELMET_OPTIONS));
    bare.use((ctx) => {
      ctx.body = 'ok';
    });
    const server = createServer(bare.callback());
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    try {
      const own = await fetch(`http://127.0.0.1:${(server.address() as AddressInfo).port}/`);
      const ours = await fetch(`${h.cloud.url}/api/health`);
      const general = new Set(['date', 'connection', 'keep-alive', 'content-type', 'content-length']);
      const helmets = [...own.headers].filter(([name]) => !general.has(name));
      expect(helmets.length).toBeGreaterThan(8);
      for (const [name, value] of helmets) expect(ours.headers.get(name), name).toBe(value);
    } finally {
      server.close();
    }
  });
});
