import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { isAllowedNavigation } from './navigation.js';
import {
  configFromEnv,
  pairingStatusOf,
  readTerminalConfig,
  resolveTerminalConfig,
  TERMINAL_CONFIG_FILE,
  writeTerminalConfig,
} from './terminal-config.js';

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'tw-config-'));
});
afterEach(() => rm(dir, { recursive: true, force: true }));

const env = { TW_CLOUD_URL: 'http://env-cloud', TW_TERMINAL_CREDENTIAL: 'env-secret' };

describe('terminal config', () => {
  it('is absent until written, and the environment stands in for it', async () => {
    expect(await readTerminalConfig(dir)).toBeNull();
    expect(await resolveTerminalConfig(dir, {})).toBeNull();
    expect(await resolveTerminalConfig(dir, env)).toEqual({
      cloudUrl: 'http://env-cloud',
      credential: 'env-secret',
      terminalId: null,
      venueId: null,
      terminalName: null,
    });
  });

  it('prefers terminal.json over the environment', async () => {
    await writeTerminalConfig(dir, {
      cloudUrl: 'http://paired',
      credential: 'file-secret',
      terminalId: null,
      venueId: null,
      terminalName: 'Host stand',
    });
    expect((await resolveTerminalConfig(dir, env))?.credential).toBe('file-secret');
    expect(pairingStatusOf(await readTerminalConfig(dir))).toEqual({
      paired: true,
      cloudUrl: 'http://paired',
      terminalId: null,
      venueId: null,
      terminalName: 'Host stand',
    });
  });

  it('refuses a damaged file rather than running unpaired', async () => {
    await writeFile(join(dir, TERMINAL_CONFIG_FILE), JSON.stringify({ cloudUrl: 'http://x' }));
    await expect(readTerminalConfig(dir)).rejects.toThrow(/terminal.json is not valid/);
  });

  it.each([
    [{}, null],
    [{ TW_CLOUD_URL: 'http://x' }, null],
    [{ TW_CLOUD_URL: ' ', TW_TERMINAL_CREDENTIAL: 'c' }, null],
  ])('environment %o gives no config', (e, expected) => {
    expect(configFromEnv(e)).toBe(expected);
  });

  it('reports unpaired without a config', () => {
    expect(pairingStatusOf(null)).toEqual({
      paired: false,
      cloudUrl: null,
      terminalId: null,
      venueId: null,
      terminalName: null,
    });
  });
});

describe('isAllowedNavigation', () => {
  const allowed = ['http://127.0.0.1:8181', 'file:///opt/tablewise/out/renderer/pairing/index.html'];
  it.each([
    ['http://127.0.0.1:8181/kitchen-display', true],
    ['http://127.0.0.1:8181/', true],
    ['http://127.0.0.1:8182/', false],
    ['http://localhost:8181/', false],
    ['https://127.0.0.1:8181/', false],
    ['https://evil.example/', false],
    ['file:///opt/tablewise/out/renderer/pairing/index.html', true],
    ['file:///opt/tablewise/out/renderer/pairing/index.html#x', true],
    ['file:///etc/passwd', false],
    ['javascript:alert(1)', false],
    ['not a url', false],
  ])('%s → %s', (url, ok) => {
    expect(isAllowedNavigation(url, allowed)).toBe(ok);
  });
});
