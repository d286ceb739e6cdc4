import { mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
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

describe('terminal.json written before pairing was one', () => {
  const terminalId = '7d1c9a3e-4b2f-4c1d-9e8a-2f3b4c5d6e7f';
  const venueId = '0b6f1f0e-8c1a-4a57-9d2e-3c4b5a6d7e8f';
  const file = () => join(dir, TERMINAL_CONFIG_FILE);

  it("loads the CLI's shape and rewrites it in the current one, readable only by its owner", async () => {
    await writeFile(file(), JSON.stringify({ terminalId, credential: 'cli-secret', cloudUrl: 'http://cloud:4000' }));
    const current = {
      cloudUrl: 'http://cloud:4000',
      credential: 'cli-secret',
      terminalId,
      venueId: null,
      terminalName: null,
    };
    expect(await readTerminalConfig(dir)).toEqual(current);
    expect(JSON.parse(await readFile(file(), 'utf8'))).toEqual(current);
    expect((await stat(file())).mode & 0o777).toBe(0o600);
    expect(await readTerminalConfig(dir)).toEqual(current);
  });

  it("loads the CLI's shape without a cloud when the caller names one (--cloud), and refuses it otherwise", async () => {
    await writeFile(file(), JSON.stringify({ credential: 'cli-secret' }));
    await expect(readTerminalConfig(dir)).rejects.toThrow(/terminal.json is not valid/);
    expect(await readTerminalConfig(dir, { cloudUrl: 'http://given' })).toMatchObject({
      cloudUrl: 'http://given',
      credential: 'cli-secret',
      terminalId: null,
    });
  });

  it("loads the Electron shell's shape as it is, without rewriting it", async () => {
    const electron = { cloudUrl: 'http://paired', credential: 'app-secret', terminalId, venueId, terminalName: 'Bar' };
    const text = JSON.stringify(electron);
    await writeFile(file(), text);
    expect(await readTerminalConfig(dir)).toEqual(electron);
    expect(await readFile(file(), 'utf8')).toBe(text);
    expect(pairingStatusOf(await readTerminalConfig(dir))).toEqual({
      paired: true,
      cloudUrl: 'http://paired',
      terminalId,
      venueId,
      terminalName: 'Bar',
    });
  });

  it('refuses a file that is not JSON', async () => {
    await writeFile(file(), '{credential');
    await expect(readTerminalConfig(dir)).rejects.toThrow(/terminal.json is not valid/);
  });
});
