import { describe, expect, it } from 'vitest';
import { readSplits } from './split-reading.js';

describe('readSplits: the tip on top of the splits, or in them, decided by the sums', () => {
  it.each([
    // [amounts, tip, left, reading, charges as [amount, tip]]
    [[3698], 666, 3698, 'tip-on-top', [[3698, 666]]],
    [
      [1849, 1849],
      666,
      3698,
      'tip-on-top',
      [
        [1849, 666],
        [1849, 0],
      ],
    ],
    // One person of three pays their share only: less than what is left.
    [[1233], 0, 3698, 'tip-on-top', [[1233, 0]]],
    // Three people split 36.98 as 12.33 each: a cent over is the tip's, never beyond the bill.
    [
      [1233, 1233, 1233],
      0,
      3698,
      'tip-on-top',
      [
        [1233, 1],
        [1233, 0],
        [1232, 0],
      ],
    ],
    // The spec's screen: (36.98 + 6.66) / 2 = 21.82 each.
    [
      [2182, 2182],
      666,
      3698,
      'tip-included',
      [
        [1849, 333],
        [1849, 333],
      ],
    ],
    // Three ways of 43.64: 14.55, 14.55, 14.54 (a cent short of the tip is within tolerance).
    [
      [1455, 1455, 1454],
      666,
      3698,
      'tip-included',
      [
        [1233, 222],
        [1233, 222],
        [1232, 222],
      ],
    ],
  ] as const)('%j with a %i tip on %i left: %s', (amounts, tip, left, reading, charges) => {
    const read = readSplits(amounts, tip, left);
    expect(read).toEqual({
      ok: true,
      reading,
      charges: charges.map(([amountCents, tipCents]) => ({ amountCents, tipCents })),
    });
    if (read.ok) {
      const billPaid = read.charges.reduce((s, c) => s + c.amountCents, 0);
      expect(billPaid).toBeLessThanOrEqual(left);
      // Nothing is lost or made up: what is charged is what was sent, and the tip beside it when on top.
      expect(read.charges.reduce((s, c) => s + c.amountCents + c.tipCents, 0)).toBe(
        amounts.reduce((s, a) => s + a, 0) + (reading === 'tip-on-top' ? tip : 0),
      );
    }
  });

  it('refuses anything else, giving both figures', () => {
    expect(readSplits([4000], 666, 3698)).toEqual({
      ok: false,
      message:
        'These shares add up to $40.00: the bill needs $36.98 with the tip on top, or $43.64 with the tip included',
    });
    // Nothing left: not even a cent more.
    expect(readSplits([1], 0, 0).ok).toBe(false);
    // Without a tip, more than what is left is only ever too much.
    expect(readSplits([3800], 0, 3698)).toEqual({
      ok: false,
      message: 'This payment of $38.00 is more than the $36.98 left on the bill',
    });
  });
});
