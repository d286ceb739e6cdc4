// The terminal's own write routes refuse malformed bodies as the cloud does (issue 7): the same
// call modules and the same body reader, so a 400 or 413 with the shared ids, never a 500, and
// nothing reaches the replica or the outbox.
import { MESSAGES } from '@tablewise/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PASSWORD } from '../../../../cloud/src/testkit/fixture.js';
import { Client, type Harness, pairTerminal, startHarness } from '../../../../cloud/src/testkit/harness.js';
import type { TerminalCore } from '../core.js';
import { type CoreOnCloud, startCoreOn, untilOnline } from '../test/core-on-cloud.js';

let harness: Harness;
let terminal: CoreOnCloud;
let core: TerminalCore;
let staff: Client;
const ITEM = '00000000-0000-4000-8000-000000000001';

beforeAll(async () => {
  harness = await startHarness();
  const paired = await pairTerminal(harness.cloud.url, harness.fixture.a.managerEmail, 'Kitchen PC');
  terminal = await startCoreOn(harness.cloud.url, paired.credential);
  core = terminal.core;
  await untilOnline(core);
  staff = new Client(core.url);
  expect(
    (await staff.post('/api/auth/login', { email: harness.fixture.a.staffEmail, password: PASSWORD })).status,
  ).toBe(200);
});

afterAll(async () => {
  await terminal?.close();
  await harness?.close();
});

const outboxRows = () => (core.replica.read.sql.prepare('SELECT COUNT(*) AS n FROM outbox').get() as { n: number }).n;

describe("the terminal's write routes", () => {
  it.each([
    ['an over-long status', { status: 'READY'.repeat(2_000) }, 'status'],
    ['a status with NUL', { status: 'READY\0' }, 'status'],
    ['a status of the wrong type', { status: ['READY'] }, 'status'],
    ['no status', {}, 'status'],
  ])('refuse %s with 400 naming the field, and queue nothing', async (_, body, field) => {
    const before = outboxRows();
    const reply = await staff.post(`/api/order-items/${ITEM}/status`, body);
    expect(reply.status).toBe(400);
    expect(reply.body).toMatchObject({ id: 'invalid_field' });
    expect(reply.body.message).toMatch(new RegExp(`^Invalid ${field}: `));
    expect(outboxRows()).toBe(before);
  });

  it('refuse test-print content with printer commands or over 1,000 characters', async () => {
    for (const content of ['open\x1bp drawer', 'x'.repeat(1_001)]) {
      const reply = await staff.post(`/api/printers/${ITEM}/test`, { content });
      expect(reply).toMatchObject({ status: 400, body: { id: 'invalid_field' } });
      expect(reply.body.message).toMatch(/^Invalid content: /);
    }
  });

  it('refuse bodies that are no call input with the shared ids', async () => {
    const path = `/api/order-items/${ITEM}/status`;
    expect(await staff.post(path, '["READY"]')).toMatchObject({
      status: 400,
      body: { id: 'invalid_field', message: MESSAGES.invalidField('body', MESSAGES.notAnObject) },
    });
    expect(await staff.post(path, '{"status":')).toMatchObject({
      status: 400,
      body: { id: 'invalid_json', message: MESSAGES.invalidJsonBody },
    });
    expect(await staff.post(path, `{"status":${'['.repeat(50_000)}${']'.repeat(50_000)}}`)).toMatchObject({
      status: 400,
      body: { id: 'invalid_json', message: MESSAGES.bodyTooDeep(16) },
    });
    expect(await staff.post(path, `{"status":"${'x'.repeat(1024 * 1024)}"}`)).toMatchObject({
      status: 413,
      body: { id: 'body_too_large', message: MESSAGES.bodyTooLarge(1) },
    });
  });

  it('answer a malformed id in the path as the thing not found, never a 500', async () => {
    expect(await staff.post(`/api/printers/${'p'.repeat(101)}/test`, { content: 'hello' })).toMatchObject({
      status: 404,
      body: { message: MESSAGES.notFound('Printer') },
    });
    expect(await staff.post('/api/printers/a%00b/test', { content: 'hello' })).toMatchObject({
      status: 404,
      body: { message: MESSAGES.notFound('Printer') },
    });
    expect((await staff.post('/api/order-items/%E0%A4%A/status', { status: 'READY' })).status).toBeLessThan(500);
  });
});
