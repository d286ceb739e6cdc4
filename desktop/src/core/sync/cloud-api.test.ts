import { describe, expect, it } from 'vitest';
import { inRequest } from '../log.js';
import { CloudApi, CloudUnreachable } from './cloud-api.js';

function recorder(answer: () => Response) {
  const seen: { url: string; headers: Headers; body: unknown }[] = [];
  const fetchImpl: typeof fetch = async (input, init) => {
    seen.push({
      url: String(input),
      headers: new Headers(init?.headers),
      body: typeof init?.body === 'string' ? JSON.parse(init.body) : undefined,
    });
    return answer();
  };
  return { seen, fetchImpl };
}

describe('CloudApi', () => {
  it('sends the id of the local request it is part of, so both logs name the same request', async () => {
    const { seen, fetchImpl } = recorder(() => new Response('{}', { status: 200 }));
    const api = new CloudApi('http://cloud.test', 'device-secret', { fetch: fetchImpl });
    await inRequest('tab-request-7', () => api.request('GET', '/api/menu'));
    await api.request('GET', '/api/menu');
    expect(seen[0]?.headers.get('x-request-id')).toBe('tab-request-7');
    // Outside a request, an id of its own.
    expect(seen[1]?.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
  });

  it("signs staff in without the device credential, and answers the session's cookie", async () => {
    const { seen, fetchImpl } = recorder(() => {
      const headers = new Headers();
      headers.append('set-cookie', 'tw_session=abc; Path=/; HttpOnly');
      headers.append('set-cookie', 'tw_other=x; Path=/');
      return new Response(JSON.stringify({ ok: true }), { status: 200, headers });
    });
    const api = new CloudApi('http://cloud.test', 'device-secret', { fetch: fetchImpl });
    const session = await api.login({ email: 'a@b.c', password: 'p' });
    expect(session).toEqual({ status: 200, body: { ok: true }, cookie: 'tw_session=abc; tw_other=x' });
    expect(seen[0]?.url).toBe('http://cloud.test/api/auth/login');
    expect(seen[0]?.headers.get('authorization')).toBeNull();
    expect(seen[0]?.body).toEqual({ email: 'a@b.c', password: 'p' });
  });

  it("sends the device credential with the terminal's own calls", async () => {
    const { seen, fetchImpl } = recorder(() => new Response('', { status: 202 }));
    const api = new CloudApi('http://cloud.test', 'device-secret', { fetch: fetchImpl });
    const mutation = { seq: 3, method: 'POST' as const, path: '/api/x', body: {}, idempotencyKey: 'k' };
    const answer = await api.pushBatch([mutation]);
    expect(answer).toEqual({ status: 202, body: '' });
    expect(seen[0]?.url).toBe('http://cloud.test/api/sync/push');
    expect(seen[0]?.body).toEqual({ mutations: [mutation] });
    expect(seen[0]?.headers.get('authorization')).toBe('Terminal device-secret');
  });

  it('turns a network failure or a timeout into CloudUnreachable', async () => {
    const down = new CloudApi('http://127.0.0.1:1', 'c');
    await expect(down.login({ email: 'a@b.c', password: 'p' })).rejects.toBeInstanceOf(CloudUnreachable);
    const slow = new CloudApi('http://cloud.test', 'c', {
      fetch: (_input, init) =>
        new Promise((_resolve, reject) => init?.signal?.addEventListener('abort', () => reject(init.signal?.reason))),
    });
    await expect(slow.login({ email: 'a@b.c', password: 'p' }, { timeoutMs: 20 })).rejects.toBeInstanceOf(
      CloudUnreachable,
    );
  });
});
