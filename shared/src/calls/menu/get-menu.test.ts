import { describe, expect, it } from 'vitest';
import type { MenuItem } from '../../schemas/entities.js';
import { menuAnswer } from './get-menu.js';

let next = 0;
const item = (name: string, category: string) => ({ id: String(next), name, category, sortOrder: next++ }) as MenuItem;

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

it('orders items by their place on the menu, then by name, whatever order they came in', () => {
  const at = (name: string, sortOrder: number) => ({ id: name, name, category: 'Mains', sortOrder }) as MenuItem;
  const answer = menuAnswer([at('Steak', 2), at('Burger', 1), at('Anchovies', 2), at('Zucchini', 0)]);
  expect(answer.items.map((i) => i.name)).toEqual(['Zucchini', 'Burger', 'Anchovies', 'Steak']);
});
