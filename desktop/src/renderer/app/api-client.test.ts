import { once } from 'node:events';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ApiError, createApiClient, failureText, toastMessage } from './api-client.js';

interface Seen {
  method: string;
  url: string;
  contentType: string | undefined;
  body: string;
}
const seen: Seen[] = [];
const routes: Record<string, (req: IncomingMessage, res: ServerResponse) => void> = {
  '/api/ok': (_req, res) => res.writeHead(200, { 'Content-Type': 'application/json' }).end('{"a":1}'),
  '/api/empty': (_req, res) => res.writeHead(204).end(),
  '/api/conflict': (_req, res) =>
    res
      .writeHead(409, { 'Content-Type': 'application/json' })
      .end('{"message":"Cannot change item status from DELIVERED to IN_PREP"}'),
  '/api/teapot-empty': (_req, res) => res.writeHead(503, 'Service Unavailable').end(),
  '/api/plain': (_req, res) => res.writeHead(500).end('boom'),
};
const server = createServer((req, res) => {
  let body = '';
  req.on('data', (c) => {
    body += c;
  });
  req.on('end', () => {
    seen.push({ method: req.method ?? '', url: req.url ?? '', contentType: req.headers['content-type'], body });
    (routes[req.url ?? ''] ?? ((_q, r) => r.writeHead(404, 'Not Found').end()))(req, res);
  });
});
let client: ReturnType<typeof createApiClient>;
beforeAll(async () => {
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  client = createApiClient({ baseUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}` });
});
afterAll(() => new Promise<void>((r) => server.close(() => r())));

describe('api client', () => {
  it('parses an OK answer with the schema and reads an empty answer as null', async () => {
    await expect(client.get('/api/ok', z.object({ a: z.number() }))).resolves.toEqual({ a: 1 });
    await expect(client.request('POST', '/api/empty')).resolves.toBeNull();
  });

  it('sends a JSON body on non-GET requests and none on GET', async () => {
    seen.length = 0;
    await client.request('POST', '/api/empty', { status: 'IN_PREP' });
    await client.request('GET', '/api/empty', { ignored: true });
    expect(seen).toEqual([
      { method: 'POST', url: '/api/empty', contentType: 'application/json', body: '{"status":"IN_PREP"}' },
      { method: 'GET', url: '/api/empty', contentType: undefined, body: '' },
    ]);
  });

  it.each([
    [
      '/api/conflict',
      409,
      '409: {"message":"Cannot change item status from DELIVERED to IN_PREP"}',
      'Cannot change item status from DELIVERED to IN_PREP',
    ],
    ['/api/teapot-empty', 503, '503: Service Unavailable', 'fallback'],
    ['/api/plain', 500, '500: boom', 'fallback'],
    ['/api/missing', 404, '404: Not Found', 'fallback'],
  ])('%s fails with "%s"', async (path, status, message, toast) => {
    const error = await client.request('GET', path).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).status).toBe(status);
    expect((error as ApiError).message).toBe(message);
    expect(toastMessage(error, 'fallback')).toBe(toast);
  });

  it('sends credentials on every request', async () => {
    const inits: RequestInit[] = [];
    const spy = createApiClient({
      fetch: async (_url, init) => {
        inits.push(init ?? {});
        return new Response('null', { status: 200 });
      },
    });
    await spy.request('GET', '/api/x');
    await spy.request('POST', '/api/x', {});
    expect(inits.map((i) => i.credentials)).toEqual(['include', 'include']);
  });

  it.each([
    // The server's message where the reply has one; else "status: body" (spec 1 section 8).
    ['/api/conflict', 'Cannot change item status from DELIVERED to IN_PREP'],
    ['/api/teapot-empty', '503: Service Unavailable'],
    ['/api/plain', '500: boom'],
  ])('shows a failed %s in one way: "%s" in a toast without words of its own', async (path, shown) => {
    const error = await client.request('GET', path).catch((e: unknown) => e);
    expect(toastMessage(error)).toBe(shown);
    expect(failureText(error)).toBe((error as ApiError).message);
    expect(failureText(error)).toMatch(/^\d{3}: /);
  });

  it('shows a call that got no reply by what went wrong', async () => {
    const offline = createApiClient({
      fetch: async () => {
        throw new TypeError('Failed to fetch');
      },
    });
    const error = await offline.request('GET', '/api/x').catch((e: unknown) => e);
    expect(failureText(error)).toBe('Failed to fetch');
    expect(toastMessage(error)).toBe('Failed to fetch');
    expect(toastMessage(error, 'Failed to add to waitlist')).toBe('Failed to add to waitlist');
  });

  it('rejects an answer that does not match its schema', async () => {
    await expect(client.get('/api/ok', z.object({ a: z.string() }))).rejects.toThrow();
  });
});
