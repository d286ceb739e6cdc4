import { ALL_CALLS, openApiDocument } from '@tablewise/shared';
import { documentedRoutes, servedRoutes } from '@tablewise/shared/testkit/routes';
import { expect, it } from 'vitest';
import { apiRouters } from './app.js';
import type { LocalServerDeps } from './deps.js';

it('serves exactly the calls whose modules name the terminal, no more and no fewer', () => {
  const served = servedRoutes(apiRouters({} as LocalServerDeps));
  expect(served).toContain('GET /api/orders');
  expect(documentedRoutes(openApiDocument(ALL_CALLS, 'test'), 'terminal')).toEqual(served);
});
