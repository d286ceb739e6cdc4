// Operate it (issue 27): GET /metrics in Prometheus's text format, from an instance that feeds its
// live sockets from a fan-out process: requests and latencies by route template (never the raw
// path), open sockets, the event lag measured in the fan-out process, printers by status, payment
// outcomes; and only for loopback or a bearer of METRICS_TOKEN.
import { randomUUID } from 'node:crypto';
import type Koa from 'koa';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RunningCloud, startCloud } from '../server.js';
import { insertPrinter } from '../testkit/fixture.js';
import {
  Client,
  checkInGuest,
  type Harness,
  LiveSocket,
  loginAs,
  payInFullByCard,
  startHarness,
  TEST_SECRET,
} from '../testkit/harness.js';
import { metricsAllowed } from './metrics.js';

let h: Harness;
beforeAll(async () => {
  h = await startHarness({ payments: { demo: true }, liveFanout: 'process', liveFanoutProcesses: 1 });
  await insertPrinter(h.database.db, h.fixture.a, { name: 'Pass', station: 'kitchen' });
  await insertPrinter(h.database.db, h.fixture.b, { name: 'Bar', station: 'bar' });
  await h.database.db('printers').where({ name: 'Bar' }).update({ status: 'OFFLINE' });
  await h.database.db('printers').where({ name: 'Pass' }).update({ status: 'ONLINE' });
});
afterAll(async () => {
  await h?.close();
});

/** The value of one series in the exposition text, or undefined when it is not there. */
function seriesValue(text: string, series: string): number | undefined {
  const line = text.split('\n').find((l) => l.startsWith(`${series} `));
  return line === undefined ? undefined : Number(line.slice(series.length + 1));
}

describe('GET /metrics', () => {
  it('counts requests by route template, sockets, event lag, printers and payments', async () => {
    const staff = await loginAs(h.cloud.url, h.fixture.a.managerEmail);
    const cookie = staff.cookieHeader();
    const socket = await LiveSocket.open(h.cloud.url, { cookie });
    await socket.next((m) => m.type === 'hello');
    // Two ids on one route: one series, and neither id in the text.
    const ids = [randomUUID(), randomUUID()];
    for (const id of ids) expect((await new Client(h.cloud.url).get(`/api/objects/${id}`)).status).toBe(404);
    // An event the socket is sent, and a card payment.
    const { guest, sessionId } = await checkInGuest(h.cloud.url, staff, h.fixture.a.tableIds[0] as string);
    const order = await guest.post('/api/orders', {
      sessionId,
      items: [{ menuItemId: h.fixture.a.menu.lemonade, quantity: 1, course: 'drink' }],
    });
    expect(order.status).toBe(201);
    await socket.next((m) => m.type === 'order.created');
    expect((await payInFullByCard(guest, sessionId)).paid.status).toBe(200);

    const reply = await fetch(`${h.cloud.url}/metrics`);
    expect(reply.status).toBe(200);
    expect(reply.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
    const text = await reply.text();
    expect(seriesValue(text, 'tablewise_http_requests_total{method="GET",route="/api/objects/:id",status="404"}')).toBe(
      2,
    );
    for (const id of ids) expect(text).not.toContain(id);
    expect(text).toMatch(
      /tablewise_http_request_duration_seconds_bucket\{le="0\.1",method="POST",route="\/api\/orders"\} \d+/,
    );
    expect(seriesValue(text, 'tablewise_live_sockets{kind="staff"}')).toBe(1);
    // Measured in the fan-out process and merged into the instance's answer.
    expect(seriesValue(text, 'tablewise_live_event_lag_seconds_count')).toBeGreaterThanOrEqual(1);
    expect(text).toMatch(/^tablewise_fanout_process_resident_memory_bytes \d+/m);
    expect(seriesValue(text, 'tablewise_payments_total{method="card",status="COMPLETED"}')).toBeGreaterThanOrEqual(1);
    expect(seriesValue(text, 'tablewise_printers{status="ONLINE"}')).toBe(1);
    expect(seriesValue(text, 'tablewise_printers{status="OFFLINE"}')).toBe(1);
    expect(text).toMatch(/^process_resident_memory_bytes \d+/m);
    await socket.close();
  });
});

describe('readiness of an instance with fan-out processes', () => {
  it('checks them too, and is ready again once a killed one is replaced', async () => {
    const ready = await new Client(h.cloud.url).get('/api/health/ready');
    expect(ready).toMatchObject({
      status: 200,
      body: { checks: { fanout: { ok: true }, notifications: { ok: true } } },
    });
    const [pid] = h.cloud.fanoutPids();
    process.kill(pid as number, 'SIGKILL');
    await expect.poll(() => h.cloud.fanoutPids()[0] ?? pid, { timeout: 10_000 }).not.toBe(pid);
    await expect
      .poll(async () => (await new Client(h.cloud.url).get('/api/health/ready')).status, { timeout: 10_000 })
      .toBe(200);
  });
});

describe('who may read /metrics', () => {
  let guarded: RunningCloud;
  beforeAll(async () => {
    guarded = await startCloud({
      db: h.database.db,
      databaseUrl: h.database.url,
      secret: TEST_SECRET,
      metricsToken: 'scrape-token-1',
    });
  });
  afterAll(async () => {
    await guarded?.close();
  });

  it('with METRICS_TOKEN, only a bearer of it, even on loopback', async () => {
    expect((await fetch(`${guarded.url}/metrics`)).status).toBe(403);
    const wrong = await fetch(`${guarded.url}/metrics`, { headers: { authorization: 'Bearer scrape-token-2' } });
    expect(wrong.status).toBe(403);
    expect(await wrong.json()).toMatchObject({ message: expect.stringMatching(/METRICS_TOKEN/) });
    const right = await fetch(`${guarded.url}/metrics`, { headers: { authorization: 'Bearer scrape-token-1' } });
    expect(right.status).toBe(200);
  });

  it('without it, only loopback by the socket address, whatever X-Forwarded-For says', () => {
    const ctxFrom = (remoteAddress: string, headers: Record<string, string> = {}) =>
      ({ req: { socket: { remoteAddress } }, get: (name: string) => headers[name] ?? '' }) as unknown as Koa.Context;
    expect(metricsAllowed(ctxFrom('127.0.0.1'), undefined)).toBe(true);
    expect(metricsAllowed(ctxFrom('::1'), undefined)).toBe(true);
    expect(metricsAllowed(ctxFrom('10.1.2.3'), undefined)).toBe(false);
    expect(metricsAllowed(ctxFrom('203.0.113.9'), undefined)).toBe(false);
    // Through a proxy on this host: loopback by address, but forwarded for someone else.
    expect(metricsAllowed(ctxFrom('127.0.0.1', { 'X-Forwarded-For': '203.0.113.9' }), undefined)).toBe(false);
  });
});
