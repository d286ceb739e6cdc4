import { createHash } from 'node:crypto';
import { createTerminal, getTerminalMe, MESSAGES } from '@tablewise/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client, type Harness, loginAs, pairTerminal, startHarness } from '../../testkit/harness.js';

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(async () => {
  await h?.close();
});

describe('terminals', () => {
  it('pairs a terminal: the credential is answered once and stored only as its SHA-256', async () => {
    const manager = await loginAs(h.cloud.url, h.fixture.a.managerEmail);
    const reply = await manager.post('/api/terminals', { name: 'Host stand' });
    expect(reply.status).toBe(201);
    const { terminal, credential } = createTerminal.answer.parse(reply.body);
    // 32 random bytes behind a prefix, so a command line never reads it as an option.
    expect(credential).toMatch(/^twt_[A-Za-z0-9_-]{43}$/);
    expect(terminal).toMatchObject({ name: 'Host stand', venueId: h.fixture.a.venueId, revokedAt: null });
    const row = await h.database.db('terminals').where({ id: terminal.id }).first();
    expect(row.credential_hash).toBe(createHash('sha256').update(credential).digest('hex'));
    expect(JSON.stringify(row)).not.toContain(credential);

    const device = new Client(h.cloud.url);
    device.headers.authorization = `Terminal ${credential}`;
    const me = await device.get('/api/terminals/me');
    expect(me.status).toBe(200);
    expect(getTerminalMe.answer.parse(me.body).venue.id).toBe(h.fixture.a.venueId);
  });

  it('refuses pairing by staff without a manager role or MANAGE_SETTINGS, and without a session', async () => {
    const staff = await loginAs(h.cloud.url, h.fixture.a.staffEmail);
    const reply = await staff.post('/api/terminals', { name: 'Sneaky' });
    expect(reply.status).toBe(403);
    expect(reply.body.message).toBe(MESSAGES.permissionDenied);
    expect((await new Client(h.cloud.url).post('/api/terminals', { name: 'x' })).status).toBe(401);
    expect(await h.database.db('terminals').where({ name: 'Sneaky' })).toHaveLength(0);
  });

  it('answers 400 naming the field for a missing name', async () => {
    const manager = await loginAs(h.cloud.url, h.fixture.a.managerEmail);
    const reply = await manager.post('/api/terminals', {});
    expect(reply.status).toBe(400);
    expect(reply.body.message).toContain('name');
  });

  it('revokes a terminal: its credential then answers 401', async () => {
    const { client, id } = await pairTerminal(h.cloud.url, h.fixture.a.managerEmail, 'Bar PC');
    const manager = await loginAs(h.cloud.url, h.fixture.a.managerEmail);
    expect((await manager.delete(`/api/terminals/${id}`)).status).toBe(200);
    const me = await client.get('/api/terminals/me');
    expect(me.status).toBe(401);
    expect(me.body.message).toBe(MESSAGES.terminalCredentialInvalid);
  });

  it("answers 404 for another organization's terminal and leaves it working", async () => {
    const other = await pairTerminal(h.cloud.url, h.fixture.b.managerEmail, 'Beta PC');
    const manager = await loginAs(h.cloud.url, h.fixture.a.managerEmail);
    const reply = await manager.delete(`/api/terminals/${other.id}`);
    expect(reply.status).toBe(404);
    expect(reply.body.message).toBe(MESSAGES.notFound('Terminal'));
    expect((await other.client.get('/api/terminals/me')).status).toBe(200);
  });

  it('never keeps the credential in the idempotency record: a repeat is refused, not handed the credential again', async () => {
    const manager = await loginAs(h.cloud.url, h.fixture.a.managerEmail);
    const first = await manager.post('/api/terminals', { name: 'Pass PC' }, { key: 'pair-pass-pc' });
    expect(first.status).toBe(201);
    const { credential } = createTerminal.answer.parse(first.body);
    const record = await h.database.db('idempotency_keys').where({ key: 'pair-pass-pc' }).first();
    expect(record).toMatchObject({ status_code: 201, response_json: null, answer_withheld: true });
    expect(JSON.stringify(record)).not.toContain(credential);

    const repeat = await manager.post('/api/terminals', { name: 'Pass PC' }, { key: 'pair-pass-pc' });
    expect(repeat.status).toBe(409);
    expect(repeat.body.message).toBe(MESSAGES.idempotentAnswerShownOnce);
    expect(JSON.stringify(repeat.body)).not.toContain(credential);
    // Another name under the same key is another request.
    const other = await manager.post('/api/terminals', { name: 'Other PC' }, { key: 'pair-pass-pc' });
    expect(other.status).toBe(422);
    expect(other.body.message).toBe(MESSAGES.idempotencyKeyReused);
    expect(await h.database.db('terminals').whereIn('name', ['Pass PC', 'Other PC'])).toHaveLength(1);
  });

  it('keeps the answer of a revocation for a repeat: it holds no credential', async () => {
    const { id } = await pairTerminal(h.cloud.url, h.fixture.a.managerEmail, 'Spare PC');
    const manager = await loginAs(h.cloud.url, h.fixture.a.managerEmail);
    const first = await manager.delete(`/api/terminals/${id}`, { key: 'revoke-spare' });
    expect(first.status).toBe(200);
    const again = await manager.delete(`/api/terminals/${id}`, { key: 'revoke-spare' });
    expect(again.status).toBe(200);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect(again.body).toEqual(first.body);
  });
});
