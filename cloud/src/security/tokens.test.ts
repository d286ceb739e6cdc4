import { createHmac, randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { signExitToken, signQrToken, verifyExitToken, verifyQrToken } from './tokens.js';

const SECRET = 'secret';
const target = { venueId: randomUUID(), tableId: randomUUID(), generation: 3 };

/** A code as signed before codes carried a generation: venue and table only. */
function legacyToken(venueId: string, tableId: string): string {
  const data = Buffer.from(`${venueId}:${tableId}`).toString('base64url');
  return `${data}.${createHmac('sha256', SECRET).update(`qr\n${data}`).digest('base64url')}`;
}

describe('QR tokens', () => {
  it('carry the venue, the table and the code generation they were signed with', () => {
    expect(verifyQrToken(SECRET, signQrToken(SECRET, target))).toEqual(target);
    expect(verifyQrToken('other', signQrToken(SECRET, target))).toBeNull();
  });

  it('read a code signed before generations as generation 1', () => {
    expect(verifyQrToken(SECRET, legacyToken(target.venueId, target.tableId))).toEqual({
      venueId: target.venueId,
      tableId: target.tableId,
      generation: 1,
    });
  });

  it('refuse a changed generation, and a signed generation that is not a whole number from 1', () => {
    const [data, signature] = signQrToken(SECRET, target).split('.');
    const bumped = Buffer.from(`${target.venueId}:${target.tableId}:4`).toString('base64url');
    expect(verifyQrToken(SECRET, `${bumped}.${signature}`)).toBeNull();
    expect(data).not.toBe(bumped);
    for (const generation of [0, -1, 1.5, Number.NaN, 1e12]) {
      expect(verifyQrToken(SECRET, signQrToken(SECRET, { ...target, generation })), String(generation)).toBeNull();
    }
  });
});

describe('exit codes', () => {
  it("carry the venue, and only under this key's exit signature", () => {
    const venueId = target.venueId;
    expect(verifyExitToken(SECRET, signExitToken(SECRET, venueId))).toBe(venueId);
    expect(verifyExitToken(SECRET, ` ${signExitToken(SECRET, venueId)}\n`)).toBe(venueId);
    expect(verifyExitToken(SECRET, signExitToken('another key', venueId))).toBeNull();
    // A table's code is no exit code, and an exit code is no table's code.
    expect(verifyExitToken(SECRET, signQrToken(SECRET, target))).toBeNull();
    expect(verifyQrToken(SECRET, signExitToken(SECRET, venueId))).toBeNull();
    // The same text signed as a table's code does not pass.
    const data = Buffer.from(`exit:${venueId}`).toString('base64url');
    const asQr = `${data}.${createHmac('sha256', SECRET).update(`qr\n${data}`).digest('base64url')}`;
    expect(verifyExitToken(SECRET, asQr)).toBeNull();
  });

  it('refuse a venue that is no id, extra parts and garbage', () => {
    for (const text of ['exit:not-a-uuid', `exit:${target.venueId}:1`, `entry:${target.venueId}`]) {
      const data = Buffer.from(text).toString('base64url');
      const token = `${data}.${createHmac('sha256', SECRET).update(`exit\n${data}`).digest('base64url')}`;
      expect(verifyExitToken(SECRET, token), text).toBeNull();
    }
    for (const garbage of ['', '.', 'a.b.c', 'nope']) expect(verifyExitToken(SECRET, garbage), garbage).toBeNull();
  });
});
