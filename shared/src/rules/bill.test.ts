import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { SPLIT } from '../constants.js';
import { MESSAGES, PAYMENT_MESSAGES } from '../messages.js';
import { billCents, billVersion, serviceChargeCents, settleCustomSplit, splitByItems } from './bill.js';
import { splitEvenly } from './money.js';

const sum = (xs: readonly number[]) => xs.reduce((s, x) => s + x, 0);
const people = fc.integer({ min: SPLIT.minPeople, max: SPLIT.maxPeople });

describe('the bill', () => {
  it('taxes the whole subtotal once, half up, adds the service charge, and subtracts what is paid', () => {
    const lines = [
      { id: 'a', orderId: 'o1', name: 'Burger', quantity: 1, totalCents: 1375 },
      { id: 'b', orderId: 'o2', name: 'Lemonade', quantity: 2, totalCents: 700 },
    ];
    // 20.75 × 8.75 % = 1.815625 → 1.82; service 10 % = 2.075 → 2.08 (half up).
    const bill = billCents(lines, 1000, [
      { status: 'COMPLETED', amountCents: 1000 },
      { status: 'PENDING', amountCents: 500 },
      { status: 'FAILED', amountCents: 9999 },
    ]);
    expect(bill).toEqual({
      subtotal: 2075,
      tax: 182,
      serviceCharge: 208,
      total: 2465,
      paid: 1000,
      pending: 500,
      left: 965,
    });
    expect(serviceChargeCents(2075, 0)).toBe(0);
  });

  it('changes its version when a late order changes what is owed', () => {
    const one = billCents([{ id: 'a', orderId: 'o1', name: 'x', quantity: 1, totalCents: 500 }], 0, []);
    const two = billCents(
      [
        { id: 'a', orderId: 'o1', name: 'x', quantity: 1, totalCents: 500 },
        { id: 'b', orderId: 'o2', name: 'y', quantity: 1, totalCents: 300 },
      ],
      0,
      [],
    );
    expect(billVersion(1, one)).not.toBe(billVersion(2, two));
    expect(billVersion(1, one)).toBe(billVersion(1, one));
  });
});

describe('every way of splitting adds up exactly and no share is negative', () => {
  it('evenly: shares differ by at most a cent', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 10_000_000 }), people, (total, n) => {
        const shares = splitEvenly(total, n);
        expect(sum(shares)).toBe(total);
        expect(Math.min(...shares)).toBeGreaterThanOrEqual(0);
        expect(Math.max(...shares) - Math.min(...shares)).toBeLessThanOrEqual(1);
      }),
    );
  });

  it('by items, shared items divided, tax and service spread over the parts', () => {
    const line = fc.record({
      totalCents: fc.integer({ min: 0, max: 100_000 }),
      sharers: fc.array(fc.nat(9), { minLength: 1, maxLength: 10 }),
    });
    fc.assert(
      fc.property(
        fc.array(line, { minLength: 1, maxLength: 20 }),
        people,
        fc.integer({ min: 0, max: 50_000 }),
        (ls, n, extra) => {
          const lines = ls.map((l, i) => ({ id: `l${i}`, totalCents: l.totalCents }));
          const assignment = new Map(ls.map((l, i) => [`l${i}`, l.sharers.map((s) => s % n)]));
          const result = splitByItems(lines, assignment, n, extra);
          if (!result.ok) throw new Error(result.reason);
          expect(result.shares).toHaveLength(n);
          expect(sum(result.shares)).toBe(sum(lines.map((l) => l.totalCents)) + extra);
          expect(Math.min(...result.shares)).toBeGreaterThanOrEqual(0);
        },
      ),
    );
  });

  it('by items refuses an item nobody had', () => {
    const result = splitByItems([{ id: 'a', totalCents: 100 }], new Map(), 2, 0);
    expect(result).toEqual({ ok: false, reason: PAYMENT_MESSAGES.splitItemUnassigned });
  });

  it('custom amounts within a cent are settled to the exact total; further off they are refused', () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 0, max: 100_000 }), { minLength: SPLIT.minPeople, maxLength: SPLIT.maxPeople }),
        fc.integer({ min: -1, max: 1 }),
        (amounts, off) => {
          const total = sum(amounts) + off;
          fc.pre(total >= 0);
          const result = settleCustomSplit(total, amounts);
          if (!result.ok) {
            // Only a last share that would go negative is refused within tolerance.
            expect(result.reason).toBe(PAYMENT_MESSAGES.splitAmountNegative);
            return;
          }
          expect(sum(result.shares)).toBe(total);
          expect(Math.min(...result.shares)).toBeGreaterThanOrEqual(0);
        },
      ),
    );
    expect(settleCustomSplit(1000, [400, 598])).toEqual({
      ok: false,
      reason: MESSAGES.splitTotalMismatch('$9.98', '$10.00'),
    });
    expect(settleCustomSplit(1000, [1000])).toEqual({ ok: false, reason: MESSAGES.splitPeopleRange(2, 10) });
  });
});
