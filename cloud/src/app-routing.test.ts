import { describe, expect, it } from 'vitest';
import { apiRouters, onlyForItsPaths } from './app.js';
import type { AppDeps } from './context.js';
import { memoryLimits } from './security/limits.js';
import { loginAs, startHarness } from './testkit/harness.js';

/** A path each route's pattern matches: its parameters and wildcards filled in. */
function pathOf(pattern: string): string {
  return pattern
    .replace(/\{[^}]*\}/g, '')
    .replace(/:(\w+)/g, 'x1')
    .replace(/\*\w*/g, 'rest');
}

describe("API routers tried only for their routes' paths", () => {
  const routers = apiRouters({ limits: memoryLimits() } as AppDeps);

  it('hands every path of a router, in any case, to its routes, and others past it untouched', async () => {
    const paths = routers.flatMap((r) => r.stack.map((layer) => pathOf(String(layer.path))));
    expect(paths.length).toBeGreaterThan(100);
    for (const router of routers) {
      let handled = 0;
      const guarded = onlyForItsPaths(router, async () => {
        handled += 1;
      });
      for (const layer of router.stack) {
        const path = pathOf(String(layer.path));
        for (const variant of [path, path.toUpperCase(), `${path}/`]) {
          // The router's own match agrees that it is its path.
          expect(router.match(variant, layer.methods[0] ?? 'GET').path.length, variant).toBeGreaterThan(0);
          const before = handled;
          await guarded({ path: variant } as never, async () => {});
          expect(handled, variant).toBe(before + 1);
        }
      }
      // Paths the router does not match go on, and are paths it could not have matched.
      for (const path of paths) {
        if (router.match(path, 'GET').path.length > 0) continue;
        let passed = false;
        const before = handled;
        await guarded({ path } as never, async () => {
          passed = true;
        });
        if (!passed) expect(handled, path).toBe(before + 1);
      }
    }
  });
});

describe('routing through the app', () => {
  it('answers 405 and OPTIONS as every router did', async () => {
    const h = await startHarness();
    try {
      const staff = await loginAs(h.cloud.url, h.fixture.a.staffEmail);
      const send = (method: string, path: string) =>
        fetch(new URL(path, h.cloud.url), { method, headers: { ...staff.headers, cookie: staff.cookieHeader() } });
      const put = await send('PUT', '/api/orders');
      expect(put.status).toBe(405);
      expect(put.headers.get('allow')).toBe('HEAD, GET, POST');
      const options = await send('OPTIONS', '/api/orders');
      expect(options.status).toBe(200);
      expect(options.headers.get('allow')).toBe('HEAD, GET, POST');
      expect((await send('GET', '/api/orders')).status).toBe(200);
      // A router late in the list.
      expect((await send('DELETE', '/api/analytics')).status).toBe(405);
      expect((await send('GET', '/api/no-such-thing')).status).toBe(404);
    } finally {
      await h.close();
    }
  });
});
