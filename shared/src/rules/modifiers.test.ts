import { describe, expect, it } from 'vitest';
import type { ModifierGroup } from '../schemas/entities.js';
import { chooseModifiers } from './modifiers.js';

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
