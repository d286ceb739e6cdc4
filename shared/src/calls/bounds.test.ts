// The bounds of every write call's body (issue 7): what a body may hold, and the words a refusal
// uses. The cloud's fuzz test (cloud/src/routes/fuzz.test.ts) sends malformed bodies end to end.
import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { MESSAGES } from '../messages.js';
import { boundedText } from '../schemas/common.js';
import { login } from './auth/login.js';
import { guestCheckin } from './guest/checkin.js';
import { scanTable } from './guest/scan-table.js';
import { CartLine, CreateOrderRequest } from './orders/create-order.js';
import { testPrint } from './printers/test-print.js';
import { readJsonBody } from './serve.js';
import { createTerminal } from './terminals/create-terminal.js';

const ITEM = '00000000-0000-4000-8000-000000000001';
const SESSION = '00000000-0000-4000-8000-000000000002';

/** The first refusal as the API words it: the field's path and its message. */
function refusal(schema: z.ZodType, body: unknown): [string, string] | null {
  const result = schema.safeParse(body);
  if (result.success) return null;
  const issue = result.error.issues[0];
  return issue ? [issue.path.join('.'), issue.message] : null;
}

const line = (extra: Record<string, unknown> = {}) => ({ menuItemId: ITEM, quantity: 1, ...extra });

describe('an order', () => {
  it.each([
    [0, MESSAGES.quantityMin(1)],
    [100, MESSAGES.quantityMax(99)],
    [1_000_000, MESSAGES.quantityMax(99)],
    [3_000_000_000, MESSAGES.quantityMax(99)],
  ])('refuses quantity %d', (quantity, message) => {
    expect(refusal(CartLine, line({ quantity }))).toEqual(['quantity', message]);
  });

  it('takes quantities 1 to 99', () => {
    expect(refusal(CartLine, line({ quantity: 1 }))).toBeNull();
    expect(refusal(CartLine, line({ quantity: 99 }))).toBeNull();
  });

  it('takes at most 100 lines', () => {
    const order = (n: number) => ({ sessionId: SESSION, items: Array.from({ length: n }, () => line()) });
    expect(refusal(CreateOrderRequest, order(100))).toBeNull();
    expect(refusal(CreateOrderRequest, order(101))).toEqual(['items', MESSAGES.tooManyLines(100)]);
    expect(refusal(CreateOrderRequest, order(4000))).toEqual(['items', MESSAGES.tooManyLines(100)]);
  });

  it('takes at most 20 modifiers a line and 20 options a modifier', () => {
    const modifiers = (n: number) => Array.from({ length: n }, (_, i) => ({ groupId: `g${i}`, optionIds: ['a'] }));
    expect(refusal(CartLine, line({ modifiers: modifiers(20) }))).toBeNull();
    expect(refusal(CartLine, line({ modifiers: modifiers(21) }))).toEqual(['modifiers', MESSAGES.tooManyModifiers(20)]);
    const options = Array.from({ length: 21 }, (_, i) => `o${i}`);
    expect(refusal(CartLine, line({ modifiers: [{ groupId: 'g', optionIds: options }] }))).toEqual([
      'modifiers.0.optionIds',
      MESSAGES.tooManyOptions(20),
    ]);
  });

  it('keeps line breaks in special instructions but no other control character, and at most 500 characters', () => {
    expect(refusal(CartLine, line({ specialInstructions: 'no onions\r\nsauce aside' }))).toBeNull();
    for (const control of ['\0', '\x1b', '\x1d', '\x10', '\t', '\x7f']) {
      expect(refusal(CartLine, line({ specialInstructions: `no${control}onions` }))).toEqual([
        'specialInstructions',
        MESSAGES.controlCharacters,
      ]);
    }
    expect(refusal(CartLine, line({ specialInstructions: 'x'.repeat(500) }))).toBeNull();
    expect(refusal(CartLine, line({ specialInstructions: 'x'.repeat(501) }))).toEqual([
      'specialInstructions',
      MESSAGES.textTooLong(500),
    ]);
    expect(refusal(CartLine, line({ modifiers: [{ groupId: 'temp\0', optionIds: [] }] }))).toEqual([
      'modifiers.0.groupId',
      MESSAGES.controlCharacters,
    ]);
  });
});

describe('a bounded text', () => {
  it('is trimmed before its length is counted, and a one-line text refuses line breaks', () => {
    expect(boundedText(3).parse('  abc  ')).toBe('abc');
    expect(boundedText(3).safeParse('a\nb').success).toBe(false);
    expect(boundedText(3, { multiline: true }).parse('a\nb')).toBe('a\nb');
    expect(boundedText(3, { trim: false }).safeParse(' abc').success).toBe(false);
  });

  it('refuses C1 controls and bidirectional overrides and isolates, in one line or many (issue 27)', () => {
    const refused = ['\u0080', '\u0085', '\u009b', '\u009f', '\u202a', '\u202e', '\u2066', '\u2069'];
    for (const char of refused) {
      expect(boundedText(20).safeParse(`Ada${char}Smith`).error?.issues[0]?.message).toBe(MESSAGES.controlCharacters);
      expect(boundedText(20, { multiline: true }).safeParse(`no${char}onions`).success).toBe(false);
    }
    // Letters past Latin-1 and the marks people do type pass: accents, CJK, Arabic, emoji, an LRM.
    for (const name of ['Zoë Ångström', '李小龙', 'فاطمة', 'Chef 👩‍🍳', 'a\u200eb', '\u00a0x\u00a0']) {
      expect(boundedText(20).safeParse(name).success).toBe(true);
    }
    expect(
      refusal(guestCheckin.body, { partySize: 2, guestName: 'evil\u202Etxt.exe', token: 'x'.repeat(100) }),
    ).toEqual(['guestName', MESSAGES.controlCharacters]);
    expect(refusal(CartLine, line({ specialInstructions: 'no \u0085onions' }))).toEqual([
      'specialInstructions',
      MESSAGES.controlCharacters,
    ]);
  });
});

describe('every other write body', () => {
  const QR = 'x'.repeat(100);
  it.each([
    ['login email', login.body, { email: `${'a'.repeat(250)}@b.co`, password: 'p' }, 'email'],
    ['login email with NUL', login.body, { email: 'a\0@b.co', password: 'p' }, 'email'],
    ['login password', login.body, { email: 'a@b.co', password: 'p'.repeat(257) }, 'password'],
    ['terminal name', createTerminal.body, { name: 'n'.repeat(101) }, 'name'],
    ['terminal name with NUL', createTerminal.body, { name: 'Bar\0' }, 'name'],
    ['scanned code', scanTable.body, { qrData: 'q'.repeat(2049) }, 'qrData'],
    ['check-in name', guestCheckin.body, { partySize: 2, guestName: 'Ada\0', token: QR }, 'guestName'],
    ['check-in phone', guestCheckin.body, { partySize: 2, phone: '1'.repeat(41), token: QR }, 'phone'],
    ['check-in token', guestCheckin.body, { partySize: 2, token: 't'.repeat(513) }, 'token'],
    ['check-in party size true', guestCheckin.body, { partySize: true, token: QR }, 'partySize'],
    ['check-in party size [3]', guestCheckin.body, { partySize: [3], token: QR }, 'partySize'],
    ['test print content', testPrint.body, { content: 'c'.repeat(1001) }, 'content'],
    ['test print content with ESC', testPrint.body, { content: 'a\x1bp' }, 'content'],
  ])('refuses an unbounded %s', (_, schema, body, field) => {
    expect(refusal(schema, body)?.[0]).toBe(field);
  });

  it('takes a party size typed in a form field', () => {
    expect(guestCheckin.body.parse({ partySize: '4' }).partySize).toBe(4);
  });
});

describe('the request body reader both tiers share', () => {
  async function* chunks(...texts: string[]) {
    for (const text of texts) yield new TextEncoder().encode(text);
  }
  const read = (...texts: string[]) => readJsonBody(chunks(...texts));
  const refused = async (...texts: string[]) => {
    try {
      await read(...texts);
    } catch (error) {
      const { status, id, message } = error as { status: number; id: string; message: string };
      return { status, id, message };
    }
    throw new Error('the body was taken');
  };

  it('reads one JSON object, in pieces, and nothing as undefined', async () => {
    expect(await read('{"a":', '[1, {"b": "c"}]}')).toEqual({ a: [1, { b: 'c' }] });
    expect(await read('  \n')).toBeUndefined();
  });

  it.each(['5', '"text"', 'null', 'true', '[]', '[{"status":"READY"}]'])('refuses %s: not an object', async (text) => {
    expect(await refused(text)).toEqual({
      status: 400,
      id: 'invalid_field',
      message: MESSAGES.invalidField('body', MESSAGES.notAnObject),
    });
  });

  it('refuses text that is not JSON', async () => {
    expect(await refused('{"a":')).toMatchObject({
      status: 400,
      id: 'invalid_json',
      message: MESSAGES.invalidJsonBody,
    });
  });

  it('refuses nesting deeper than any call takes, however deep, without overflowing', async () => {
    // The body is level 1, so 15 brackets inside it reach level 16.
    expect(await read(`{"a":${'['.repeat(15)}${']'.repeat(15)}}`)).toBeDefined();
    expect(await refused(`{"a":${'['.repeat(16)}${']'.repeat(16)}}`)).toMatchObject({
      status: 400,
      id: 'invalid_json',
    });
    // Objects count as arrays do, wherever they sit among their siblings.
    const objects = (n: number) => `${'{"x":1,"a":'.repeat(n)}{}${'}'.repeat(n)}`;
    expect(await read(`{"z":[1,2],"a":${objects(14)}}`)).toBeDefined();
    expect(await refused(`{"z":[1,2],"a":${objects(15)}}`)).toMatchObject({ status: 400, id: 'invalid_json' });
    expect(await refused(`{"a":[1,{"b":2},${'['.repeat(15)}${']'.repeat(15)}]}`)).toMatchObject({ status: 400 });
    const deep = 400_000;
    expect(await refused(`{"a":${'['.repeat(deep)}${']'.repeat(deep)}}`)).toMatchObject({
      status: 400,
      message: MESSAGES.bodyTooDeep(16),
    });
  });

  it('refuses more than 1 MB with 413', async () => {
    const half = 'x'.repeat(600_000);
    expect(await refused(`{"a":"${half}`, `${half}"}`)).toEqual({
      status: 413,
      id: 'body_too_large',
      message: MESSAGES.bodyTooLarge(1),
    });
  });
});
