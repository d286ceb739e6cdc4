// Pairing against a real cloud on its own PostgreSQL database.
import { mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { getTerminalMe } from '@tablewise/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PASSWORD } from '../../../cloud/src/testkit/fixture.js';
import { type Harness, pairTerminal as pairWithHarness, startHarness } from '../../../cloud/src/testkit/harness.js';
import { pairAndSave, pairTerminal } from './pairing.js';
import { CloudApi } from './sync/cloud-api.js';
import { readTerminalConfig, TERMINAL_CONFIG_FILE, writeTerminalConfig } from './terminal-config.js';

let harness: Harness;
let dataDir: string;
beforeAll(async () => {
  harness = await startHarness();
  dataDir = await mkdtemp(join(tmpdir(), 'tw-pairing-'));
});
afterAll(async () => {
  await harness?.close();
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
});

describe('pairTerminal against the cloud', () => {
  it('creates a terminal whose credential the cloud accepts, and keeps it in terminal.json', async () => {
    const { result, config } = await pairTerminal({
      cloudUrl: `${harness.cloud.url}/`,
      email: harness.fixture.a.managerEmail,
      password: PASSWORD,
      terminalName: 'Kitchen PC',
    });
    expect(result.ok).toBe(true);
    if (!config) throw new Error('no config');
    expect(config.cloudUrl).toBe(harness.cloud.url);
    expect(config.terminalName).toBe('Kitchen PC');

    const me = await fetch(`${harness.cloud.url}/api/terminals/me`, {
      headers: { Authorization: `Terminal ${config.credential}` },
    });
    expect(me.status).toBe(200);
    const answer = getTerminalMe.answer.parse(await me.json());
    expect(answer.terminal.id).toBe(config.terminalId);
    expect(answer.venue.id).toBe(config.venueId);

    await writeTerminalConfig(dataDir, config);
    expect(JSON.parse(await readFile(join(dataDir, TERMINAL_CONFIG_FILE), 'utf8'))).toEqual(config);
    expect(await readTerminalConfig(dataDir)).toEqual(config);
  });

  it("answers with the cloud's message for a wrong password and creates no terminal", async () => {
    const before = await harness.database.db('terminals').count({ n: '*' });
    const { result, config } = await pairTerminal({
      cloudUrl: harness.cloud.url,
      email: harness.fixture.a.managerEmail,
      password: 'wrong',
      terminalName: 'Bar PC',
    });
    expect(result).toEqual({ ok: false, message: 'Invalid email or password' });
    expect(config).toBeNull();
    expect(await harness.database.db('terminals').count({ n: '*' })).toEqual(before);
  });

  it.each([
    [
      { cloudUrl: 'ftp://x', email: 'a@b.c', password: 'p', terminalName: 'T' },
      'Cloud URL must be an http or https address',
    ],
    [{ cloudUrl: 'http://x', email: ' ', password: 'p', terminalName: 'T' }, 'Email is required'],
    [{ cloudUrl: 'http://x', email: 'a@b.c', password: '', terminalName: 'T' }, 'Password is required'],
    [{ cloudUrl: 'http://x', email: 'a@b.c', password: 'p', terminalName: '' }, 'Terminal name is required'],
    ['not an object', 'Invalid input'],
  ])('refuses %o without calling anyone', async (input, message) => {
    let calls = 0;
    const { result } = await pairTerminal(input, async () => {
      calls += 1;
      return new Response('');
    });
    expect(result.ok).toBe(false);
    expect(!result.ok && result.message).toContain(message);
    expect(calls).toBe(0);
  });

  it('says when the cloud cannot be reached', async () => {
    const { result } = await pairTerminal({
      cloudUrl: 'http://127.0.0.1:1',
      email: 'a@b.c',
      password: 'p',
      terminalName: 'T',
    });
    expect(result).toEqual({ ok: false, message: 'Cannot reach the cloud at http://127.0.0.1:1' });
  });
});

describe('one pairing for the CLI, the scripts and the shell', () => {
  it('pairAndSave keeps the credential in terminal.json, and keeps nothing when the cloud refuses', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'tw-pair-save-'));
    try {
      const refused = await pairAndSave(dir, {
        cloudUrl: harness.cloud.url,
        email: harness.fixture.a.managerEmail,
        password: 'wrong',
        terminalName: 'Bar PC',
      });
      expect(refused.config).toBeNull();
      expect(await readTerminalConfig(dir)).toBeNull();

      const paired = await pairAndSave(dir, {
        cloudUrl: harness.cloud.url,
        email: harness.fixture.a.managerEmail,
        password: PASSWORD,
        terminalName: 'Host stand',
      });
      expect(paired.result.ok).toBe(true);
      expect(await readTerminalConfig(dir)).toEqual(paired.config);
      expect((await stat(join(dir, TERMINAL_CONFIG_FILE))).mode & 0o777).toBe(0o600);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it('a terminal paired by the old CLI keeps working from its terminal.json, without pairing again', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'tw-pair-old-'));
    try {
      const old = await pairWithHarness(harness.cloud.url, harness.fixture.a.managerEmail, 'Old CLI PC');
      await writeFile(
        join(dir, TERMINAL_CONFIG_FILE),
        JSON.stringify({ terminalId: old.id, credential: old.credential, cloudUrl: harness.cloud.url }, null, 2),
      );
      const config = await readTerminalConfig(dir);
      if (!config) throw new Error('no config');
      expect(config).toMatchObject({ terminalId: old.id, credential: old.credential, cloudUrl: harness.cloud.url });
      const me = await new CloudApi(config.cloudUrl, config.credential).me();
      expect(me.terminal.id).toBe(old.id);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
