import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { AppError, getTableQr, IDEMPOTENCY_HEADER, sendStaffAlert } from '@tablewise/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { askCloud } from './ask-cloud.js';
import { CloudApi } from './cloud-api.js';

// A cloud on a real socket that answers what the test sets.
let reply: { status: number; body: unknown } = { status: 200, body: {} };
let seen: IncomingMessage | null = null;
let server: Server;
let api: CloudApi;

beforeAll(async () => {
  server = createServer((req, res) => {
    seen = req;
    req.resume();
    req.on('end', () => {
      res.writeHead(reply.status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(reply.body));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  api = new CloudApi(`http://127.0.0.1:${(server.address() as AddressInfo).port}`, 'credential');
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

const needsCloud = 'Needs the cloud';
const tableId = '7b0d7c38-4a0e-4d5c-9f0e-0a3c1d2e4f50';

async function refusalOf(promise: Promise<unknown>): Promise<AppError> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  if (!(error instanceof AppError)) throw new Error(`expected an AppError, got ${String(error)}`);
  return error;
}

describe('askCloud', () => {
  it('asks the path the module makes and answers what its schema parses', async () => {
    reply = { status: 200, body: { url: 'https://cloud.example/t/1?token=x', tableId, token: 'x' } };
    const answer = await askCloud(api, getTableQr, { params: { id: tableId }, needsCloud });
    expect(answer.url).toBe('https://cloud.example/t/1?token=x');
    expect(seen?.method).toBe('GET');
    expect(seen?.url).toBe(getTableQr.url({ id: tableId }));
    expect(seen?.headers[IDEMPOTENCY_HEADER.toLowerCase()]).toBeUndefined();
  });

  it('sends a write with a fresh Idempotency-Key', async () => {
    reply = { status: 404, body: { message: 'Table not found', id: 'not_found' } };
    await refusalOf(askCloud(api, sendStaffAlert, { body: { message: 'x', urgency: 'LOW' }, needsCloud }));
    expect(seen?.method).toBe('POST');
    expect(seen?.headers[IDEMPOTENCY_HEADER.toLowerCase()]).toMatch(/^[0-9a-f-]{36}$/);
  });

  it.each([
    [409, { message: 'Cannot change', id: 'transition_refused' }, 409, 'transition_refused', 'Cannot change'],
    [402, { message: 'Card declined', id: 'payment_failed' }, 402, 'payment_failed', 'Card declined'],
    [404, { message: 'Table not found', id: 'not_found' }, 404, 'not_found', 'Table not found'],
    [409, { message: 'Taken' }, 409, 'conflict', 'Taken'],
    [409, { message: 'Odd', id: 'not_an_id_we_know' }, 409, 'conflict', 'Odd'],
    [500, { message: 'boom', id: 'internal' }, 502, 'cloud_unreachable', 'boom'],
    [502, 'not json', 502, 'cloud_unreachable', needsCloud],
  ])(
    'gives a %i from the cloud as this terminal’s refusal, with the cloud’s id and words',
    async (status, body, wantStatus, wantId, wantMessage) => {
      reply = { status, body };
      const error = await refusalOf(askCloud(api, getTableQr, { params: { id: tableId }, needsCloud }));
      expect([error.status, error.id, error.message]).toEqual([wantStatus, wantId, wantMessage]);
    },
  );

  it('keeps the extra fields of a refusal (a batch’s refusals)', async () => {
    reply = { status: 409, body: { message: 'No', id: 'transition_refused', refusals: [{ id: 'a' }] } };
    const error = await refusalOf(askCloud(api, getTableQr, { params: { id: tableId }, needsCloud }));
    expect(error.body()).toEqual({ message: 'No', id: 'transition_refused', refusals: [{ id: 'a' }] });
  });

  it('refuses an answer its schema does not take as the cloud failing', async () => {
    reply = { status: 200, body: { nothing: true } };
    const error = await refusalOf(askCloud(api, getTableQr, { params: { id: tableId }, needsCloud }));
    expect([error.status, error.id]).toEqual([502, 'cloud_unreachable']);
  });

  it('says what needs the cloud when it cannot be reached', async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    const away = new CloudApi(`http://127.0.0.1:${port}`, 'credential');
    const error = await refusalOf(askCloud(away, getTableQr, { params: { id: tableId }, needsCloud }));
    expect([error.status, error.id, error.message]).toEqual([503, 'cloud_unreachable', needsCloud]);
  });
});
