import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { precompressDir } from '../../scripts/precompress.js';
import { type Harness, startHarness } from './testkit/harness.js';

let h: Harness;
let root: string;
beforeAll(async () => {
  root = mkdtempSync(path.join(tmpdir(), 'tw-static-'));
  const site = (name: string, files: Record<string, string>) => {
    for (const [file, text] of Object.entries(files)) {
      const full = path.join(root, name, file);
      mkdirSync(path.dirname(full), { recursive: true });
      writeFileSync(full, text);
    }
    return path.join(root, name);
  };
  const guestWebDir = site('guest', {
    'index.html': 'GUEST INDEX',
    'checkin.html': 'GUEST CHECK-IN',
    'assets/guest-abc.js': 'guest js',
  });
  site('guest', { 'assets/guest-big-abc.js': `export const text = '${'guest '.repeat(2000)}';` });
  await precompressDir(guestWebDir);
  const staffWebDir = site('staff', { 'index.html': 'STAFF INDEX', 'assets/staff-abc.js': 'staff js' });
  writeFileSync(path.join(root, 'secret.txt'), 'do not serve');
  h = await startHarness({ guestWebDir, staffWebDir });
});
afterAll(async () => {
  await h?.close();
  rmSync(root, { recursive: true, force: true });
});

const text = async (p: string) => {
  const res = await fetch(`${h.cloud.url}${p}`);
  return { status: res.status, body: await res.text() };
};

describe('static sites', () => {
  it.each([
    ['/guest/checkin?tableId=1', 'GUEST CHECK-IN'],
    ['/guest/menu?tableId=1', 'GUEST INDEX'],
    ['/guest', 'GUEST INDEX'],
    ['/qr', 'GUEST INDEX'],
    ['/qr/table', 'GUEST INDEX'],
    ['/', 'STAFF INDEX'],
    ['/kitchen-display', 'STAFF INDEX'],
    ['/admin/organizations', 'STAFF INDEX'],
    ['/assets/staff-abc.js', 'staff js'],
    ['/assets/guest-abc.js', 'guest js'],
  ])('%s serves %s', async (url, expected) => {
    expect(await text(url)).toEqual({ status: 200, body: expected });
  });

  it.each([
    ['br, gzip', 'br'],
    ['gzip', 'gzip'],
  ])('sends an asset compressed for Accept-Encoding %s (%s), cached as immutable', async (accept, encoding) => {
    const res = await fetch(`${h.cloud.url}/assets/guest-big-abc.js`, { headers: { 'accept-encoding': accept } });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-encoding')).toBe(encoding);
    expect(res.headers.get('vary')).toMatch(/accept-encoding/i);
    expect(res.headers.get('content-type')).toMatch(/javascript/);
    expect(res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(Number(res.headers.get('content-length'))).toBeLessThan(1000);
    expect(await res.text()).toBe(`export const text = '${'guest '.repeat(2000)}';`);
  });

  it.each([
    ['/guest/menu', 'GUEST INDEX'],
    ['/guest/checkin', 'GUEST CHECK-IN'],
  ])('sends the page of %s compressed and never cached without revalidation', async (url, body) => {
    const res = await fetch(`${h.cloud.url}${url}`, { headers: { 'accept-encoding': 'br' } });
    expect(res.headers.get('content-encoding')).toBe('br');
    expect(res.headers.get('cache-control')).toBe('no-cache');
    expect(res.headers.get('content-type')).toMatch(/html/);
    expect(await res.text()).toBe(body);
  });

  it('sends the file as it is to a client that accepts no compression', async () => {
    const res = await fetch(`${h.cloud.url}/assets/guest-big-abc.js`, { headers: { 'accept-encoding': 'identity' } });
    expect(res.headers.get('content-encoding')).toBeNull();
    expect(await res.text()).toHaveLength(`export const text = '${'guest '.repeat(2000)}';`.length);
  });

  it('never serves a file outside the site folders', async () => {
    const reply = await text('/..%2fsecret.txt');
    expect(reply.body).not.toContain('do not serve');
  });

  it('answers unknown API paths with a JSON 404, not a page', async () => {
    const res = await fetch(`${h.cloud.url}/api/no-such-call`);
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual({ message: 'Route not found', id: 'not_found' });
  });
});
