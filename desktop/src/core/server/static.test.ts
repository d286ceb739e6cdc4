// The staff app is served from its build folder with the single-page fallback.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startTerminalCore, type TerminalCore } from '../core.js';
import { tempDir } from '../test/fixtures.js';

let core: TerminalCore;
let dir: { dir: string; remove(): void };

beforeAll(async () => {
  dir = tempDir();
  const web = join(dir.dir, 'web');
  mkdirSync(join(web, 'assets'), { recursive: true });
  writeFileSync(join(web, 'index.html'), '<!doctype html><title>Staff app</title>');
  writeFileSync(join(web, 'assets', 'app-1234.js'), 'console.log("app")');
  writeFileSync(join(dir.dir, 'secret.txt'), 'not for the web');
  core = await startTerminalCore({
    cloudUrl: 'http://127.0.0.1:9',
    credential: 'x',
    dataDir: join(dir.dir, 'data'),
    port: 0,
    staticDir: web,
    printing: false,
  });
});
afterAll(async () => {
  await core.close();
  dir.remove();
});

it('serves files, falls back to index.html for app routes, and never leaves the folder', async () => {
  const asset = await fetch(`${core.url}/assets/app-1234.js`);
  expect(asset.headers.get('content-type')).toMatch(/javascript/);
  expect(await asset.text()).toBe('console.log("app")');

  const deepLink = await fetch(`${core.url}/kitchen-display`);
  expect(deepLink.status).toBe(200);
  expect(await deepLink.text()).toContain('Staff app');

  const outside = await fetch(`${core.url}/%2e%2e/secret.txt`);
  expect(await outside.text()).not.toContain('not for the web');

  // API paths never fall back to the app.
  const api = await fetch(`${core.url}/api/nothing-here`);
  expect(api.headers.get('content-type')).toMatch(/json/);
});
