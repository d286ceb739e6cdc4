import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { regexes } from 'zod/v4/core';
import type { GuestCheckinAnswer } from '../calls/guest/checkin.js';
import { ScanAnswer } from '../calls/guest/scan-answer.js';
import { Id } from '../schemas/common.js';
import {
  checkinDestination,
  checkinPlaceOf,
  ID_PATTERN,
  parseQrContext,
  partySizeChoices,
  partySizeLabel,
  resolveCheckinContext,
} from './guest-checkin.js';

const SESSION = '11111111-1111-4111-8111-111111111111';
const TABLE = '22222222-2222-4222-8222-222222222222';
const VENUE = '33333333-3333-4333-8333-333333333333';
const WAIT = '44444444-4444-4444-8444-444444444444';

describe('checkinDestination', () => {
  const cases: Array<[string, GuestCheckinAnswer, string | null]> = [
    [
      'server redirect wins',
      { success: true, type: 'waitlist', waitlistId: WAIT, redirectUrl: '/guest/menu?x=1' },
      '/guest/menu?x=1',
    ],
    [
      'session created',
      { success: true, type: 'session_created', sessionId: SESSION, tableId: TABLE },
      `/guest/table-confirmation?sessionId=${SESSION}&tableId=${TABLE}`,
    ],
    ['seat selection', { success: true, type: 'seat_selection' }, '/guest/seat-selection'],
    ['waitlist', { success: true, type: 'waitlist', waitlistId: WAIT }, `/guest/waitlist?id=${WAIT}`],
    [
      'a redirect to another site is not followed',
      { success: true, type: 'seat_selection', redirectUrl: '//evil.example/x' },
      '/guest/seat-selection',
    ],
    [
      'an absolute URL is not followed',
      { success: true, type: 'seat_selection', redirectUrl: 'https://evil.example' },
      '/guest/seat-selection',
    ],
    ['failure goes nowhere', { success: false, error: 'Full', redirectUrl: '/guest/menu' }, null],
    ['no type and no redirect', { success: true }, null],
  ];
  it.each(cases)('%s', (_name, answer, expected) => {
    expect(checkinDestination(answer)).toBe(expected);
  });
});

describe('QR context', () => {
  it.each([
    [
      'valid',
      JSON.stringify({ tableId: TABLE, venueId: VENUE, token: 't' }),
      { tableId: TABLE, venueId: VENUE, token: 't' },
    ],
    ['not JSON', '{oops', null],
    ['wrong shape', JSON.stringify({ tableId: 'not-a-uuid' }), null],
    ['a JSON string', '"hello"', null],
    ['empty', '', null],
    ['absent', null, null],
  ])('parseQrContext %s', (_name, raw, expected) => {
    expect(parseQrContext(raw)).toEqual(expected);
  });

  it('prefers the query over the stored context', () => {
    const stored = JSON.stringify({ tableId: '55555555-5555-4555-8555-555555555555' });
    expect(resolveCheckinContext({ tableId: TABLE, venueId: VENUE, token: 'q' }, stored)).toEqual({
      context: { tableId: TABLE, venueId: VENUE, token: 'q' },
      dropStored: false,
    });
  });
  it('falls back to the stored context', () => {
    const stored = JSON.stringify({ tableId: TABLE, venueId: VENUE });
    expect(resolveCheckinContext({}, stored)).toEqual({
      context: { tableId: TABLE, venueId: VENUE },
      dropStored: false,
    });
  });
  it('drops an unreadable stored context', () => {
    expect(resolveCheckinContext({ tableId: null }, 'garbage')).toEqual({ context: {}, dropStored: true });
  });
  it('ignores a query id that is not a uuid and uses the stored one', () => {
    const stored = JSON.stringify({ tableId: TABLE });
    expect(resolveCheckinContext({ tableId: '12' }, stored)).toEqual({
      context: { tableId: TABLE },
      dropStored: false,
    });
  });
  it('has nothing when nothing is known', () => {
    expect(resolveCheckinContext({}, null)).toEqual({ context: {}, dropStored: false });
  });

  it("checks ids with the pattern of the contract's Id", () => {
    expect(ID_PATTERN.source).toBe(regexes.uuid().source);
    expect(ID_PATTERN.flags).toBe(regexes.uuid().flags);
  });

  // The rule checks without zod (so the check-in page loads none); it must read a context exactly
  // as the contract's schemas would, ids by the contract's Id.
  const Contract = z.object({ tableId: Id.optional(), venueId: Id.optional(), token: z.string().min(1).optional() });
  const asContract = (value: unknown) => {
    const parsed = Contract.safeParse(value);
    return parsed.success ? parsed.data : null;
  };
  const idLike = fc.oneof(
    fc.uuid(),
    fc.constantFrom(TABLE, TABLE.toUpperCase(), '00000000-0000-0000-0000-000000000000', TABLE.slice(1), `${TABLE} `),
    fc.string(),
    fc.integer(),
    fc.constant(null),
  );
  const contextLike = fc.oneof(
    fc.record(
      { tableId: idLike, venueId: idLike, token: fc.oneof(fc.string(), fc.integer()), other: fc.string() },
      { requiredKeys: [] },
    ),
    fc.anything(),
  );
  it('reads a stored context as the contract would', () => {
    fc.assert(
      fc.property(contextLike, (value) => {
        const raw = JSON.stringify(value) ?? '';
        expect(parseQrContext(raw)).toEqual(raw ? asContract(JSON.parse(raw)) : null);
      }),
      { numRuns: 2000 },
    );
  });
});

describe('party size', () => {
  it.each([
    [1, '1 person'],
    [2, '2 people'],
    [20, '20 people'],
  ])('%i is labelled %s', (n, label) => {
    expect(partySizeLabel(n)).toBe(label);
  });
  it('offers 1 to 20', () => {
    const choices = partySizeChoices();
    expect(choices[0]).toBe(1);
    expect(choices.at(-1)).toBe(20);
    expect(choices).toHaveLength(20);
  });
});

describe('where a QR code checks the guest in, read from the scan answer without zod', () => {
  it.each<[string, unknown, ReturnType<typeof checkinPlaceOf>]>([
    [
      'the table and the venue',
      {
        success: true,
        type: 'table',
        tableId: TABLE,
        tableName: 'Table 3',
        venueId: VENUE,
        venueName: 'Main Location',
      },
      { tableName: 'Table 3', venueName: 'Main Location' },
    ],
    ['a cloud that names no venue', { success: true, tableName: 'Table 3' }, { tableName: 'Table 3', venueName: null }],
    [
      'an empty venue name',
      { success: true, tableName: 'Table 3', venueName: '' },
      { tableName: 'Table 3', venueName: null },
    ],
    // The code of another table: the answer names that table, which is not where the guest checks in.
    ['another table', { success: false, error: 'wrong table', tableId: TABLE, tableName: 'Table 9' }, null],
    ['no table name', { success: true, venueName: 'Main Location' }, null],
    ['a table name that is not text', { success: true, tableName: 3 }, null],
    ['not an object', 'Table 3', null],
    ['null', null, null],
    ['a list', [{ success: true, tableName: 'Table 3' }], null],
  ])('%s', (_name, answer, place) => {
    expect(checkinPlaceOf(answer)).toEqual(place);
    // What it reads, the contract's schema reads alike.
    if (place) {
      const parsed = ScanAnswer.parse(answer);
      expect({ tableName: parsed.tableName, venueName: parsed.venueName || null }).toEqual(place);
    }
  });
});
