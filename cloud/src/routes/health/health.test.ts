import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client, type Harness, startHarness } from '../../testkit/harness.js';

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(async () => {
  await h?.close();
});

describe('health', () => {
  it('answers ok without a principal while the database answers', async () => {
    const reply = await new Client(h.cloud.url).get('/api/health');
    expect(reply).toMatchObject({ status: 200, body: { status: 'ok' } });
    expect(reply.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
  });
});
