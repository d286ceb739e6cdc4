import { describe, expect, it } from 'vitest';
import { TABLE_HOLD_MS } from '../constants.js';
import { checkinRoute, effectiveTableState, holdExpiry, isHoldLive, seatsNeeded, tableFits } from './table-hold.js';

const now = new Date('2026-11-25T19:00:00Z');
const at = (ms: number) => new Date(now.getTime() + ms);

describe('table hold', () => {
  it('ends 3 minutes after it is taken', () => {
    expect(holdExpiry(now).toISOString()).toBe('2026-11-25T19:03:00.000Z');
    expect(TABLE_HOLD_MS).toBe(180_000);
  });
  it.each([
    [null, false],
    [at(1), true],
    [at(0), false],
    [at(-1), false],
  ])('expiring at %s is live: %s', (expiresAt, live) => expect(isHoldLive(expiresAt, now)).toBe(live));
  it('treats a run-out guest hold as a free table, and nothing else', () => {
    expect(effectiveTableState('HOLD_SOFT', at(-1), now)).toBe('EMPTY');
    expect(effectiveTableState('HOLD_SOFT', null, now)).toBe('EMPTY');
    expect(effectiveTableState('HOLD_SOFT', at(1000), now)).toBe('HOLD_SOFT');
    expect(effectiveTableState('OCCUPIED', at(-1), now)).toBe('OCCUPIED');
    expect(effectiveTableState('HOLD', at(-1), now)).toBe('HOLD');
  });
});

const needs = (partySize: number, needsAccessibility = false, needsHighChair = false) => ({
  partySize,
  needsAccessibility,
  needsHighChair,
});
const table = (capacityMax: number, isAccessible = false, free = true) => ({ capacityMax, isAccessible, free });

describe('which tables fit a party', () => {
  it('counts a high chair as a seat', () => {
    expect(seatsNeeded(needs(3))).toBe(3);
    expect(seatsNeeded(needs(3, false, true))).toBe(4);
  });
  it.each([
    [table(4), needs(4), true],
    [table(4), needs(5), false],
    [table(4), needs(4, false, true), false],
    [table(4), needs(3, false, true), true],
    [table(4), needs(2, true), false],
    [table(4, true), needs(2, true), true],
  ])('%o fits %o: %s', (t, n, fits) => expect(tableFits(t, n)).toBe(fits));
});

describe('check-in route', () => {
  const isFree = (t: { free: boolean }) => t.free;
  it('seats the party at its free QR table when it fits', () => {
    expect(checkinRoute({ qrTable: table(4), tables: [table(4)], needs: needs(2), isFree })).toBe('session_created');
  });
  it('lets the guest choose when the QR table is taken, too small or not accessible but another fits', () => {
    const other = table(6, true);
    for (const [qr, n] of [
      [table(4, false, false), needs(2)],
      [table(2), needs(4)],
      [table(4), needs(2, true)],
      [table(4), needs(4, false, true)],
    ] as const) {
      expect(checkinRoute({ qrTable: qr, tables: [qr, other], needs: n, isFree })).toBe('seat_selection');
    }
    expect(checkinRoute({ qrTable: null, tables: [other], needs: needs(2), isFree })).toBe('seat_selection');
  });
  it('sends the party to the waitlist when no free table fits', () => {
    const tables = [table(8, false, false), table(2), table(4)];
    expect(checkinRoute({ qrTable: null, tables, needs: needs(6), isFree })).toBe('waitlist');
    expect(checkinRoute({ qrTable: null, tables, needs: needs(2, true), isFree })).toBe('waitlist');
    expect(checkinRoute({ qrTable: null, tables: [], needs: needs(1), isFree })).toBe('waitlist');
  });
});
