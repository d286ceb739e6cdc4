import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { MESSAGES } from '../messages.js';
import {
  billTotals,
  checkSplit,
  chooseCustomTip,
  choosePresetTip,
  DEFAULT_TIP_CHOICE,
  displayMoney,
  divRoundHalfUp,
  formatCents,
  guestBill,
  lineCents,
  splitEvenly,
  taxCents,
  taxRatePercentText,
  tipCents,
  tipProblem,
  toCents,
} from './money.js';

describe('cents on the wire', () => {
  it.each([
    ['12.5', 1250],
    ['12.50', 1250],
    ['0', 0],
    ['0.01', 1],
    ['-3.07', -307],
    [' 7 ', 700],
  ])('toCents(%j) = %i', (text, cents) => expect(toCents(text)).toBe(cents));

  it.each(['', 'abc', '1.234', '1,50', '$5', '1e3'])('refuses %j', (text) => {
    expect(() => toCents(text)).toThrow(/Not an amount of money/);
  });

  it.each([
    [1250, '12.50', '$12.50'],
    [1, '0.01', '$0.01'],
    [-307, '-3.07', '-$3.07'],
    [0, '0.00', '$0.00'],
  ])('%i cents reads %s and %s', (cents, text, shown) => {
    expect(formatCents(cents)).toBe(text);
    expect(displayMoney(cents)).toBe(shown);
  });

  it('round-trips any amount', () => {
    fc.assert(fc.property(fc.integer({ min: -10_000_000, max: 10_000_000 }), (c) => toCents(formatCents(c)) === c));
  });
});

describe('tax of 8.75 %, rounded once per bill, half up', () => {
  it.each([
    [10000, 875], // 100.00 → 8.75
    [1000, 88], // 87.5 → 88 (the half goes up)
    [200, 18], // 17.5 → 18
    [100, 9], // 8.75 → 9
    [57, 5], // 4.9875 → 5
    [8, 1], // 0.7 → 1
    [5, 0], // 0.4375 → 0
    [0, 0],
  ])('taxCents(%i) = %i', (subtotal, tax) => expect(taxCents(subtotal)).toBe(tax));

  it('divRoundHalfUp rounds halves away from zero', () => {
    expect(divRoundHalfUp(5, 2)).toBe(3);
    expect(divRoundHalfUp(-5, 2)).toBe(-3);
    expect(divRoundHalfUp(4, 3)).toBe(1);
  });

  it('rounds the bill once, not each line', () => {
    // Three lines of 0.06: rounding each line would give 1 + 1 + 1 = 3 cents; the bill of
    // 0.18 has a tax of 1.575 cents, rounded once to 2.
    expect(billTotals([6, 6, 6])).toEqual({ subtotal: 18, tax: 2, total: 20 });
  });
});

describe('bill from lines and modifiers', () => {
  it('adds modifiers to the unit and multiplies by quantity', () => {
    expect(lineCents({ unitPriceCents: 1299, modifierPriceCents: [150, 50], quantity: 2 })).toEqual({
      unit: 1499,
      total: 2998,
    });
    const lines = [
      { unitPriceCents: 1299, modifierPriceCents: [150], quantity: 2 },
      { unitPriceCents: 450, modifierPriceCents: [], quantity: 1 },
    ];
    expect(billTotals(lines.map((line) => lineCents(line).total))).toEqual({ subtotal: 3348, tax: 293, total: 3641 });
  });

  it.each([0, -1, 1.5])('refuses quantity %s', (quantity) => {
    expect(() => lineCents({ unitPriceCents: 100, modifierPriceCents: [], quantity })).toThrow(/Quantity/);
  });
});

describe('tips on the subtotal', () => {
  it('defaults to the 18 % preset (Great)', () => {
    expect(DEFAULT_TIP_CHOICE).toEqual({ percent: 18, customCents: null });
  });

  it.each([
    [15, 10000, 1500],
    [18, 10000, 1800],
    [20, 10000, 2000],
    [25, 10000, 2500],
    [18, 1234, 222], // 222.12 → 222
    [15, 1230, 185], // 184.5 → 185
  ])('%i %% of %i cents is %i', (percent, subtotal, tip) => {
    expect(tipCents(subtotal, choosePresetTip(percent as 15 | 18 | 20 | 25))).toBe(tip);
  });

  it('a custom tip sets the percentage to 0; a preset clears the custom amount', () => {
    const custom = chooseCustomTip(700);
    expect(custom).toEqual({ percent: 0, customCents: 700 });
    expect(tipCents(10000, custom)).toBe(700);
    const preset = choosePresetTip(20);
    expect(preset).toEqual({ percent: 20, customCents: null });
    expect(tipCents(10000, preset)).toBe(2000);
  });

  it('refuses a negative custom tip and a percentage that is not a preset', () => {
    expect(() => chooseCustomTip(-1)).toThrow(MESSAGES.tipNegative);
    expect(() => choosePresetTip(17 as 18)).toThrow(/Not a tip preset/);
  });

  it.each([
    [0, 2121, null],
    [10000, 2121, null],
    [10001, 2121, MESSAGES.tipTooLarge('$100.00')],
    [25000, 25000, null],
    [25001, 25000, MESSAGES.tipTooLarge('$250.00')],
    [999999999999, 2121, MESSAGES.tipTooLarge('$100.00')],
    [-1, 2121, MESSAGES.tipNegative],
  ])('a tip of %i cents on a bill of %i: %s', (tip, bill, problem) => {
    expect(tipProblem(tip, bill)).toBe(problem);
  });

  it('the guest bill: tax on the subtotal, tip on the subtotal, both added', () => {
    expect(guestBill(10000, DEFAULT_TIP_CHOICE)).toEqual({
      subtotal: 10000,
      tax: 875,
      total: 10875,
      tip: 1800,
      grandTotal: 12675,
    });
  });
});

describe('even split', () => {
  it('100.00 among 3 is 33.34, 33.33, 33.33', () => {
    expect(splitEvenly(10000, 3)).toEqual([3334, 3333, 3333]);
  });

  it('the 10th person is allowed, the 11th is not; 1 person is not a split', () => {
    expect(splitEvenly(10001, 10)).toEqual([1001, 1000, 1000, 1000, 1000, 1000, 1000, 1000, 1000, 1000]);
    expect(() => splitEvenly(10000, 11)).toThrow(MESSAGES.splitPeopleRange(2, 10));
    expect(() => splitEvenly(10000, 1)).toThrow(MESSAGES.splitPeopleRange(2, 10));
    expect(() => splitEvenly(10000, 2.5)).toThrow(MESSAGES.splitPeopleRange(2, 10));
  });

  it('for any bill and 2-10 people the shares add up exactly and differ by at most one cent', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 100_000_000 }), fc.integer({ min: 2, max: 10 }), (total, people) => {
        const shares = splitEvenly(total, people);
        expect(shares).toHaveLength(people);
        expect(shares.reduce((a, b) => a + b, 0)).toBe(total);
        expect(Math.max(...shares) - Math.min(...shares)).toBeLessThanOrEqual(1);
        expect(shares.every((s) => Number.isInteger(s) && s >= 0)).toBe(true);
      }),
    );
  });

  it('for any bill built from lines, the taxed total splits exactly', () => {
    const line = fc.record({
      unitPriceCents: fc.integer({ min: 0, max: 50_000 }),
      modifierPriceCents: fc.array(fc.integer({ min: 0, max: 2_000 }), { maxLength: 3 }),
      quantity: fc.integer({ min: 1, max: 20 }),
    });
    fc.assert(
      fc.property(fc.array(line, { minLength: 1, maxLength: 15 }), fc.integer({ min: 2, max: 10 }), (lines, people) => {
        const { total } = billTotals(lines.map((l) => lineCents(l).total));
        const shares = splitEvenly(total, people);
        expect(shares.reduce((a, b) => a + b, 0)).toBe(total);
        expect(
          checkSplit(
            total,
            shares.map((amountCents) => ({ amountCents, paid: true })),
          ),
        ).toEqual({ ok: true });
      }),
    );
  });
});

describe('split validation', () => {
  const paid = (amountCents: number) => ({ amountCents, paid: true });
  it.each([
    ['exact', 10000, [3334, 3333, 3333], true],
    ['one cent short is within 0.01', 10000, [3333, 3333, 3333], true],
    ['one cent over is within 0.01', 10000, [3334, 3334, 3333], true],
    ['two cents short is not', 10000, [3333, 3333, 3332], false],
  ])('%s', (_name, total, amounts, ok) => {
    const result = checkSplit(total, amounts.map(paid));
    expect(result.ok).toBe(ok);
    if (!result.ok) expect(result.reason).toBe(MESSAGES.splitTotalMismatch('$99.98', '$100.00'));
  });

  it('everyone must have paid before completing', () => {
    expect(checkSplit(10000, [paid(5000), { amountCents: 5000, paid: false }])).toEqual({
      ok: false,
      reason: MESSAGES.splitUnpaid,
    });
  });

  it('paying in full is one share; more than 10 shares is refused', () => {
    expect(checkSplit(10000, [paid(10000)])).toEqual({ ok: true });
    expect(
      checkSplit(
        11,
        Array.from({ length: 11 }, () => paid(1)),
      ).ok,
    ).toBe(false);
    expect(checkSplit(0, []).ok).toBe(false);
  });
});

describe("a venue's own tax rate (issue 24)", () => {
  it.each([
    [10_000, 875, 875],
    [10_000, 725, 725],
    [1_999, 1000, 200],
    [1_999, 0, 0],
    [333, 875, 29],
  ])('taxes %i cents at %i bps as %i cents', (subtotal, bps, tax) => {
    expect(taxCents(subtotal, bps)).toBe(tax);
    expect(billTotals([subtotal], bps)).toEqual({ subtotal, tax, total: subtotal + tax });
  });

  it('keeps 8.75 % when no rate is given, and shows a rate as the bill does', () => {
    expect(taxCents(10_000)).toBe(875);
    expect([875, 800, 1000, 725, 0].map(taxRatePercentText)).toEqual(['8.75', '8', '10', '7.25', '0']);
  });
});
