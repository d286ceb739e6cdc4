import { describe, expect, it } from 'vitest';
import type { ModifierGroup } from '../schemas/entities.js';
import { chooseModifiers, type LineChoice, type LinePrice, priceLine } from './modifiers.js';

const groups: ModifierGroup[] = [
  {
    id: 'temp',
    name: 'Temperature',
    type: 'single',
    required: true,
    options: [
      { id: 'rare', name: 'Rare', price: '0.00' },
      { id: 'well', name: 'Well done', price: '0.00' },
    ],
  },
  {
    id: 'extras',
    name: 'Extras',
    type: 'multiple',
    required: false,
    options: [
      { id: 'cheese', name: 'Cheese', price: '1.50' },
      { id: 'bacon', name: 'Bacon', price: '2.00' },
    ],
  },
];

describe('chooseModifiers', () => {
  it.each([
    [
      'valid choice',
      [
        { groupId: 'temp', optionIds: ['rare'] },
        { groupId: 'extras', optionIds: ['cheese', 'bacon'] },
      ],
      'ok',
    ],
    ['required group missing', [{ groupId: 'extras', optionIds: ['cheese'] }], 'Temperature is required for Burger'],
    ['unknown group', [{ groupId: 'sauce', optionIds: ['x'] }], 'Unknown modifier for Burger'],
    ['unknown option', [{ groupId: 'temp', optionIds: ['blue'] }], 'Unknown modifier for Burger'],
    [
      'two options of a single group',
      [{ groupId: 'temp', optionIds: ['rare', 'well'] }],
      'Choose one Temperature for Burger',
    ],
    [
      'repeated option',
      [
        { groupId: 'temp', optionIds: ['rare'] },
        { groupId: 'extras', optionIds: ['bacon', 'bacon'] },
      ],
      'Unknown modifier for Burger',
    ],
  ])('%s', (_name, choices, expected) => {
    const result = chooseModifiers('Burger', groups, choices);
    if (expected === 'ok') {
      expect(result).toEqual({
        ok: true,
        modifiers: [
          { groupId: 'temp', groupName: 'Temperature', optionId: 'rare', optionName: 'Rare', price: '0.00' },
          { groupId: 'extras', groupName: 'Extras', optionId: 'cheese', optionName: 'Cheese', price: '1.50' },
          { groupId: 'extras', groupName: 'Extras', optionId: 'bacon', optionName: 'Bacon', price: '2.00' },
        ],
      });
    } else {
      expect(result).toEqual({ ok: false, reason: expected });
    }
  });
});

describe('chooseModifiers for a draft', () => {
  it('lets a required group stay empty while the dish is being chosen, and checks the rest', () => {
    expect(chooseModifiers('Burger', groups, [], { draft: true })).toEqual({ ok: true, modifiers: [] });
    expect(chooseModifiers('Burger', groups, [{ groupId: 'temp', optionIds: ['blue'] }], { draft: true })).toEqual({
      ok: false,
      reason: 'Unknown modifier for Burger',
    });
  });
});

describe('priceLine', () => {
  const burger = { name: 'Burger', price: '12.50', modifiersSchema: groups };
  const rare = { groupId: 'temp', optionIds: ['rare'] };
  const cases: Array<[string, LineChoice, LinePrice['ok'], number, number]> = [
    ['dish alone', { quantity: 1, modifiers: [rare] }, true, 1250, 1250],
    ['free option', { quantity: 2, modifiers: [rare] }, true, 1250, 2500],
    [
      'priced options are per unit',
      { quantity: 1, modifiers: [rare, { groupId: 'extras', optionIds: ['cheese'] }] },
      true,
      1400,
      1400,
    ],
    [
      'priced options times the quantity',
      { quantity: 3, modifiers: [rare, { groupId: 'extras', optionIds: ['cheese', 'bacon'] }] },
      true,
      1600,
      4800,
    ],
    [
      'a refused choice has no price',
      { quantity: 1, modifiers: [{ groupId: 'extras', optionIds: ['cheese'] }] },
      false,
      0,
      0,
    ],
  ];
  it.each(cases)('%s', (_name, line, ok, unitCents, totalCents) => {
    const price = priceLine(burger, line);
    expect(price.ok).toBe(ok);
    if (price.ok) expect(price).toMatchObject({ unitCents, totalCents });
    else expect(price.reason).toBe('Temperature is required for Burger');
  });

  it('names the chosen options as the menu has them', () => {
    const price = priceLine(burger, { quantity: 1, modifiers: [rare, { groupId: 'extras', optionIds: ['bacon'] }] });
    expect(price.ok && price.modifiers.map((m) => [m.optionName, m.price])).toEqual([
      ['Rare', '0.00'],
      ['Bacon', '2.00'],
    ]);
  });

  it('prices a draft from what is ticked so far', () => {
    expect(
      priceLine(burger, { quantity: 1, modifiers: [{ groupId: 'extras', optionIds: ['bacon'] }] }, { draft: true }),
    ).toMatchObject({
      ok: true,
      unitCents: 1450,
    });
  });

  it('refuses a quantity below one', () => {
    expect(() => priceLine(burger, { quantity: 0, modifiers: [rare] })).toThrow(/Quantity/);
  });
});
