import { describe, expect, it } from 'vitest';
import type { MenuItem } from '../schemas/entities.js';
import { menuAnswer } from './menu.js';

const item = (name: string, category: string) => ({ name, category }) as MenuItem;

describe('menuAnswer', () => {
  it.each([
    { items: [], categories: [] },
    {
      items: [item('Fries', 'Starters'), item('Steak', 'Mains'), item('Wings', 'Starters')],
      categories: ['Starters', 'Mains'],
    },
    { items: [item('Tea', 'Drinks'), item('Cake', 'Desserts')], categories: ['Drinks', 'Desserts'] },
  ])('groups $items.length items into $categories, in menu order', ({ items, categories }) => {
    const answer = menuAnswer(items);
    expect(Object.keys(answer.groupedByCategory)).toEqual(categories);
    expect(answer.items).toEqual(items);
    expect(Object.values(answer.groupedByCategory).flat()).toHaveLength(items.length);
  });

  it('keeps the menu order inside a category', () => {
    const answer = menuAnswer([item('Fries', 'Starters'), item('Steak', 'Mains'), item('Wings', 'Starters')]);
    expect(answer.groupedByCategory.Starters?.map((i) => i.name)).toEqual(['Fries', 'Wings']);
  });
});
