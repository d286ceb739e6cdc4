import { describe, expect, it } from 'vitest';
import { MESSAGES, PAYMENT_MESSAGES } from '../messages.js';
import {
  type BillShare,
  billShares,
  heldShares,
  type ShareChoice,
  shareId,
  shareOfId,
  shareProblem,
} from './bill-shares.js';

// $20.75 of dishes, $1.82 tax: $22.57 in all, $10.00 of it paid.
const bill = {
  version: '2.2075.2257',
  total: '22.57',
  left: '12.57',
  tax: '1.82',
  serviceCharge: '0.00',
  items: [
    { id: 'burger', totalPrice: '13.75' },
    { id: 'lemonade', totalPrice: '7.00' },
  ],
};
const choice = (over: Partial<ShareChoice>): ShareChoice => ({
  mode: 'full',
  people: 2,
  custom: [],
  assignment: new Map(),
  ...over,
});
const brief = (shares: BillShare[]) => shares.map((s) => [s.id, s.person, s.amountCents, s.items]);

describe('the shares of a bill, with the ids every phone gives them', () => {
  it.each<[string, Partial<ShareChoice>, unknown[]]>([
    // In full: what is left, one share; the people count does not change its id.
    ['in full', { mode: 'full', people: 4 }, [['2.2075.2257:full:1:0', null, 1257, []]]],
    [
      'evenly by 2',
      { mode: 'even', people: 2 },
      [
        ['2.2075.2257:even:2:0', 0, 1129, []],
        ['2.2075.2257:even:2:1', 1, 1128, []],
      ],
    ],
    [
      'evenly by 3: the first shares take the odd cents',
      { mode: 'even', people: 3 },
      [
        ['2.2075.2257:even:3:0', 0, 753, []],
        ['2.2075.2257:even:3:1', 1, 752, []],
        ['2.2075.2257:even:3:2', 2, 752, []],
      ],
    ],
    [
      'custom amounts a cent short: the last share takes the cent',
      { mode: 'custom', people: 2, custom: ['10.00', '12.56'] },
      [
        ['2.2075.2257:custom:2:0', 0, 1000, []],
        ['2.2075.2257:custom:2:1', 1, 1257, []],
      ],
    ],
    [
      'custom amounts, an empty box is 0 and only the first `people` boxes count',
      { mode: 'custom', people: 2, custom: ['', '22.57', '5.00'] },
      [
        ['2.2075.2257:custom:2:0', 0, 0, []],
        ['2.2075.2257:custom:2:1', 1, 2257, []],
      ],
    ],
    [
      'by items: each pays their dishes and their part of the tax',
      {
        mode: 'items',
        people: 2,
        assignment: new Map([
          ['burger', [0]],
          ['lemonade', [1]],
        ]),
      },
      [
        ['2.2075.2257:items:2:0', 0, 1496, ['burger']],
        ['2.2075.2257:items:2:1', 1, 761, ['lemonade']],
      ],
    ],
    [
      'by items: a shared dish is on both shares',
      {
        mode: 'items',
        people: 2,
        assignment: new Map([
          ['burger', [0, 1]],
          ['lemonade', [1]],
        ]),
      },
      [
        ['2.2075.2257:items:2:0', 0, 748, ['burger']],
        ['2.2075.2257:items:2:1', 1, 1509, ['burger', 'lemonade']],
      ],
    ],
  ])('%s', (_name, over, expected) => {
    const { shares, error } = billShares(bill, choice(over));
    expect(error).toBeNull();
    expect(brief(shares)).toEqual(expected);
    expect(new Set(shares.map((s) => s.id)).size).toBe(shares.length);
  });

  it.each<[string, Partial<ShareChoice>, string]>([
    [
      'custom amounts that miss the total by more than a cent',
      { mode: 'custom', custom: ['10.00', '5.00'] },
      MESSAGES.splitTotalMismatch('$15.00', '$22.57'),
    ],
    [
      'a custom amount that is not one',
      { mode: 'custom', custom: ['ten', '12.57'] },
      PAYMENT_MESSAGES.splitAmountNegative,
    ],
    [
      'a dish nobody had',
      { mode: 'items', assignment: new Map([['burger', [0]]]) },
      PAYMENT_MESSAGES.splitItemUnassigned,
    ],
  ])('no shares for %s', (_name, over, error) => {
    expect(billShares(bill, choice(over))).toEqual({ shares: [], error });
  });

  it('names the same share alike for the same bill, and differently once the bill changed', () => {
    const even = choice({ mode: 'even', people: 3 });
    expect(billShares(bill, even)).toEqual(billShares({ ...bill }, even));
    const later = billShares({ ...bill, version: '3.2500.2719', total: '27.19' }, even).shares;
    expect(later.map((s) => s.id)).not.toContain(billShares(bill, even).shares[0]?.id);
  });
});

describe('reading a share id back', () => {
  it.each([
    ['2.2075.2257:even:3:2', { version: '2.2075.2257', mode: 'even', people: 3, index: 2 }],
    ['1.500.544:full:1:0', { version: '1.500.544', mode: 'full', people: 1, index: 0 }],
    ['1.500.544:items:10:9', { version: '1.500.544', mode: 'items', people: 10, index: 9 }],
    // The spec's split entries name their splits freely: those are not ours.
    ['all', null],
    ['split-1', null],
    ['1.500.544:even:3', null],
    ['1.500.544:thirds:3:0', null],
    ['1.500.544:even:3:3', null],
    ['1.500.544:even:1:0', null],
    ['1.500.544:even:11:0', null],
    ['1.500.544:full:2:0', null],
    ['1.500.544:even:3:-1', null],
    [':even:3:0', null],
    ['1.500.544:even:3:0:extra', null],
  ])('%s', (id, expected) => expect(shareOfId(id)).toEqual(expected));

  it('reads back every id it makes', () => {
    for (const mode of ['full', 'even', 'custom', 'items'] as const) {
      for (let people = 2; people <= 10; people++) {
        const index = mode === 'full' ? 0 : people - 1;
        const read = shareOfId(shareId('4.100.109', mode, people, index));
        expect(read).toEqual({ version: '4.100.109', mode, people: mode === 'full' ? 1 : people, index });
      }
    }
  });
});

describe('which payments hold a share', () => {
  it('a paid or waiting payment holds its share; a failed or refunded one, or one of no share, does not', () => {
    const held = heldShares([
      { id: 'p1', splitId: 'a', status: 'COMPLETED' },
      { id: 'p2', splitId: 'b', status: 'PENDING' },
      { id: 'p3', splitId: 'c', status: 'PROCESSING' },
      { id: 'p4', splitId: 'd', status: 'FAILED' },
      { id: 'p5', splitId: 'e', status: 'REFUNDED' },
      { id: 'p6', splitId: null, status: 'COMPLETED' },
      // A share whose card failed, then paid again.
      { id: 'p7', splitId: 'd', status: 'COMPLETED' },
    ]);
    expect([...held].map(([split, p]) => [split, p.id])).toEqual([
      ['a', 'p1'],
      ['b', 'p2'],
      ['c', 'p3'],
      ['d', 'p7'],
    ]);
  });
});

describe('what the cloud refuses of a share by its id', () => {
  const priced = { version: '2.2075.2257', total: '22.57' };
  it.each([
    ['an even share of the right amount', '2.2075.2257:even:3:0', 753, null],
    ['an even share of another amount', '2.2075.2257:even:3:1', 753, 'split_amount_mismatch'],
    ['a share of another version of the bill', '1.1375.1495:even:2:0', 748, 'bill_changed'],
    ['the whole bill, whatever is left', '2.2075.2257:full:1:0', 500, null],
    ['a custom share', '2.2075.2257:custom:2:0', 1, null],
    ['a by-items share', '2.2075.2257:items:2:1', 1509, null],
    ["a split id of the client's own", 'all', 2257, null],
  ])('%s', (_name, id, amountCents, refusal) => {
    expect(shareProblem(priced, { id, amountCents })?.id ?? null).toBe(refusal);
  });

  it('says what the share is', () => {
    expect(shareProblem(priced, { id: '2.2075.2257:even:2:1', amountCents: 1000 })?.message).toBe(
      PAYMENT_MESSAGES.shareAmountMismatch('$10.00', '$11.28'),
    );
  });
});
