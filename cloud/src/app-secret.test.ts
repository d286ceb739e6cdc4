import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { appSecret } from './app-secret.js';

let dir = '';
const saved = process.env.APP_SECRET;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'tw-secret-'));
  delete process.env.APP_SECRET;
});
afterEach(() => {
  rmSync(dir, { recursive: true, force: true });
  if (saved === undefined) delete process.env.APP_SECRET;
  else process.env.APP_SECRET = saved;
});

it('embedded: makes one secret, keeps it readable by its owner only, and answers the same one next time', () => {
  const first = appSecret(dir, undefined);
  expect(first).toMatch(/^[0-9a-f]{64}$/);
  expect(appSecret(dir, undefined)).toBe(first);
  expect(readFileSync(join(dir, 'app-secret'), 'utf8').trim()).toBe(first);
  expect(statSync(join(dir, 'app-secret')).mode & 0o077).toBe(0);
});

it('on a server: requires APP_SECRET, since instances must share it', () => {
  expect(() => appSecret(dir, 'postgres://db/x')).toThrow('APP_SECRET is required when DATABASE_URL is set');
  process.env.APP_SECRET = 'shared-secret';
  expect(appSecret(dir, 'postgres://db/x')).toBe('shared-secret');
});
