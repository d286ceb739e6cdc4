import { describe, expect, it } from 'vitest';
import { MESSAGES } from '../messages.js';
import type { MenuItem } from '../schemas/entities.js';
import { decideMenuItemAvailability } from './menu.js';

const fries: MenuItem = {
  id: '11111111-1111-4111-8111-111111111111',
  venueId: '22222222-2222-4222-8222-222222222222',
  name: 'Fries',
  description: null,
  price: '4.00',
  category: 'Sides',
  isAvailable: true,
  imageUrl: null,
  allergens: [],
  prepTime: 5,
  calories: null,
  isVegetarian: true,
  isVegan: true,
  isGlutenFree: true,
  isSpicy: false,
  isPopular: false,
  temperature: null,
  isFragile: false,
  station: 'Fry',
  modifiersSchema: [],
  sortOrder: 1,
};

describe('decideMenuItemAvailability', () => {
  it.each([
    ['takes a dish off the menu', fries, false, true],
    ['puts it back', { ...fries, isAvailable: false }, true, true],
    ['sets what is set quietly', fries, true, false],
  ])('%s', (_, item, isAvailable, changes) => {
    const decided = decideMenuItemAvailability(item, isAvailable);
    const after = { ...item, isAvailable };
    expect(decided).toEqual(
      changes
        ? {
            writes: [{ kind: 'menuItem.availability', item: after }],
            events: [{ type: 'menu.item.updated', item: after }],
            answer: after,
          }
        : { writes: [], events: [], answer: item },
    );
  });

  it('refuses an unknown dish with not_found', () => {
    expect(() => decideMenuItemAvailability(null, false)).toThrow(
      expect.objectContaining({ status: 404, id: 'not_found', message: MESSAGES.notFound('Menu item') }),
    );
  });
});
