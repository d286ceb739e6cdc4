import { Validator } from '@seriousme/openapi-schema-validator';
import { documentedRoutes, servedRoutes } from '@tablewise/shared/testkit/routes';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiRouters } from '../../app.js';
import type { AppDeps } from '../../context.js';
import { memoryLimits } from '../../security/limits.js';
import { Client, type Harness, startHarness } from '../../testkit/harness.js';

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(async () => {
  await h?.close();
});

describe('GET /api/openapi.json', () => {
  it('is a valid OpenAPI 3.1 document, served to anyone', async () => {
    const reply = await new Client(h.cloud.url).get('/api/openapi.json');
    expect(reply.status).toBe(200);
    expect(reply.body.openapi).toBe('3.1.0');
    const validator = new Validator();
    const result = await validator.validate(reply.body);
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
  });

  it('lists exactly the routes the cloud serves, no more and no fewer', async () => {
    const document = (await new Client(h.cloud.url).get('/api/openapi.json')).body;
    const served = servedRoutes(apiRouters({ limits: memoryLimits() } as AppDeps));
    expect(served.length).toBeGreaterThan(20);
    expect(documentedRoutes(document, 'cloud')).toEqual(served);
  });

  it('describes a call from its module: params, query, body, answer and who may call it', async () => {
    const { paths } = (await new Client(h.cloud.url).get('/api/openapi.json')).body;
    const move = paths['/api/order-items/{id}/status'].post;
    expect(move.parameters).toEqual([
      { name: 'id', in: 'path', required: true, schema: expect.objectContaining({ format: 'uuid' }) },
    ]);
    expect(move.requestBody.content['application/json'].schema.properties.status.enum).toContain('IN_PREP');
    expect(move['x-tiers']).toEqual(['cloud', 'terminal']);
    const tables = paths['/api/tables'].get;
    expect(tables.parameters.map((p: { name: string; in: string }) => `${p.in}:${p.name}`)).toEqual([
      'query:available',
      'query:capacity',
      'query:accessibility',
    ]);
    expect(tables['x-stale-on']).toContain('table.state.changed');
    expect(paths['/api/orders'].post.responses['201'].content['application/json'].schema.required).toContain('items');
  });
});
