// Pairing this device with the short code a manager made on the cloud (issue 24), against a real
// cloud on its own PostgreSQL database: no manager's password is typed here.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PAIRING_CODE_TEXTS, PAIRING_TEXTS } from '@tablewise/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Client, type Harness, loginAs, startHarness } from '../../../cloud/src/testkit/harness.js';
import { pairAndSave, pairTerminal } from './pairing.js';
import { readTerminalConfig } from './terminal-config.js';

let harness: Harness;
let manager: Client;
let dataDir: string;
beforeAll(async () => {
  harness = await startHarness();
  manager = await loginAs(harness.cloud.url, harness.fixture.a.managerEmail);
  dataDir = await mkdtemp(join(tmpdir(), 'tw-pairing-code-'));
});
afterAll(async () => {
  await harness?.close();
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
});

async function newCode(name: string): Promise<string> {
  const reply = await manager.post('/api/terminals/pairing-codes', { name });
  expect(reply.status).toBe(201);
  return reply.body.code;
}

describe('pairing with a code', () => {
  it('keeps the credential the code earned in terminal.json, and the cloud accepts it', async () => {
    const code = await newCode('Host stand');
    const outcome = await pairAndSave(dataDir, { cloudUrl: `${harness.cloud.url}/`, code });
    expect(outcome.result).toMatchObject({ ok: true, status: { paired: true, terminalName: 'Host stand' } });
    const saved = await readTerminalConfig(dataDir);
    expect(saved).toMatchObject({ cloudUrl: harness.cloud.url, venueId: harness.fixture.a.venueId });
    const me = await fetch(`${harness.cloud.url}/api/terminals/me`, {
      headers: { Authorization: `Terminal ${saved?.credential}` },
    });
    expect(me.status).toBe(200);
  });

  it("answers with the cloud's message for a spent code, and says so for no code or no cloud", async () => {
    const code = await newCode('Bar');
    expect((await pairTerminal({ cloudUrl: harness.cloud.url, code })).result.ok).toBe(true);
    const before = await harness.database.db('terminals').count({ n: '*' });
    expect((await pairTerminal({ cloudUrl: harness.cloud.url, code })).result).toEqual({
      ok: false,
      message: PAIRING_CODE_TEXTS.invalid,
    });
    expect((await pairTerminal({ cloudUrl: harness.cloud.url, code: '  ' })).result).toEqual({
      ok: false,
      message: 'Pairing code is required',
    });
    expect((await pairTerminal({ cloudUrl: 'http://127.0.0.1:9', code })).result).toEqual({
      ok: false,
      message: PAIRING_TEXTS.cloudUnreachable('http://127.0.0.1:9'),
    });
    expect(await harness.database.db('terminals').count({ n: '*' })).toEqual(before);
  });
});
