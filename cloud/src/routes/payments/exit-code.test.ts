// The venue's exit code (issue 11, guest exit scan): staff get it, the checkout accepts it for its
// own venue only, and refuses a table's code, another venue's, a forged one and an unpaid bill.
import { MESSAGES, Receipt } from '@tablewise/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signExitToken } from '../../security/tokens.js';
import {
  Client,
  checkInGuest,
  type Harness,
  loginAs,
  payInFullByCard,
  startHarness,
  TEST_SECRET,
} from '../../testkit/harness.js';

let h: Harness;
let staff: Client;

beforeAll(async () => {
  h = await startHarness({ payments: { demo: true } });
  staff = await loginAs(h.cloud.url, h.fixture.a.staffEmail);
});
afterAll(async () => {
  await h?.close();
});

const INVALID = { message: MESSAGES.invalidQrToken, id: 'invalid_qr_token' };

async function seatedWithOrder(i: number) {
  const seated = await checkInGuest(h.cloud.url, staff, h.fixture.a.tableIds[i] as string, 2);
  const order = await seated.guest.post('/api/orders', {
    sessionId: seated.sessionId,
    items: [{ menuItemId: h.fixture.a.menu.lemonade, quantity: 2, course: 'drink' }],
  });
  expect(order.status).toBe(201);
  return seated;
}

async function payInFull(guest: Client, sessionId: string) {
  expect((await payInFullByCard(guest, sessionId)).paid.status).toBeLessThan(300);
}

async function exitCode(client: Client) {
  const reply = await client.get('/api/venue/exit-qr');
  expect(reply.status).toBe(200);
  return reply.body as { url: string; token: string };
}

describe('the exit code', () => {
  it("is the venue's signed link to the exit page; staff only", async () => {
    const code = await exitCode(staff);
    const url = new URL(code.url);
    expect(url.pathname).toBe('/guest/exit');
    expect(url.searchParams.get('exitCode')).toBe(code.token);
    expect((await new Client(h.cloud.url).get('/api/venue/exit-qr')).status).toBe(401);
  });

  it('checks a paid party out, read bare or as the link; unpaid is Exit Verification Failed', async () => {
    const code = await exitCode(staff);
    const { guest, sessionId } = await seatedWithOrder(0);
    const exitTime = new Date().toISOString();
    const unpaid = await guest.post('/api/guest/checkout', { sessionId, qrToken: code.url, exitTime });
    expect(unpaid.status).toBe(409);
    expect(unpaid.body).toEqual({ message: MESSAGES.exitVerificationFailed, id: 'exit_verification_failed' });
    expect((await h.database.db('sessions').where({ id: sessionId }).first()).status).toBe('ACTIVE');

    await payInFull(guest, sessionId);
    const out = await guest.post('/api/guest/checkout', { sessionId, qrToken: code.url, exitTime });
    expect(out.status).toBe(200);
    const receipt = Receipt.parse(out.body.receipt);
    expect(receipt.session).toMatchObject({ id: sessionId, tableNumber: 'Table 1' });
    expect(receipt.payment).toMatchObject({ subtotal: '7.00', total: '7.61', paymentMethod: 'card' });
    expect((await h.database.db('sessions').where({ id: sessionId }).first()).status).toBe('CLOSED');
    await h.database.db('tables').where({ id: h.fixture.a.tableIds[0] }).update({ state: 'EMPTY' });

    // The bare token works as well as the link.
    const second = await seatedWithOrder(1);
    await payInFull(second.guest, second.sessionId);
    const bare = await second.guest.post('/api/guest/checkout', {
      sessionId: second.sessionId,
      qrToken: code.token,
      exitTime,
    });
    expect(bare.status).toBe(200);
    await h.database.db('tables').where({ id: h.fixture.a.tableIds[1] }).update({ state: 'EMPTY' });
  });

  it("refuses a table's code, another venue's exit code, a forged one and garbage, and changes nothing", async () => {
    const beta = await loginAs(h.cloud.url, h.fixture.b.managerEmail);
    const foreign = await exitCode(beta);
    const { guest, sessionId, token } = await seatedWithOrder(0);
    const tableUrl = (await staff.get(`/api/tables/${h.fixture.a.tableIds[0]}/qr`)).body.url as string;
    await payInFull(guest, sessionId);
    const exitTime = new Date().toISOString();
    const venueId = h.fixture.a.venueId;
    const forgedData = Buffer.from(`exit:${venueId}`).toString('base64url');
    const [, foreignSignature] = foreign.token.split('.');
    for (const qrToken of [
      // The table's own code is on every phone that checked in: it proves nothing about the exit.
      token,
      tableUrl,
      foreign.url,
      foreign.token,
      // Signed with another key, or this venue's data under another venue's signature.
      signExitToken('not-the-secret', venueId),
      `${forgedData}.${foreignSignature}`,
      'garbage',
    ]) {
      const refused = await guest.post('/api/guest/checkout', { sessionId, qrToken, exitTime });
      expect(refused.status, qrToken).toBe(400);
      expect(refused.body).toEqual(INVALID);
    }
    expect((await h.database.db('sessions').where({ id: sessionId }).first()).status).toBe('ACTIVE');
    // The real code still works after all that.
    const own = await exitCode(staff);
    expect((await guest.post('/api/guest/checkout', { sessionId, qrToken: own.token, exitTime })).status).toBe(200);
    expect(signExitToken(TEST_SECRET, venueId)).toBe(own.token);
  });
});
