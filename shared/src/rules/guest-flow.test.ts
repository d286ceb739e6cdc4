import { describe, expect, it } from 'vitest';
import type { CartLine } from '../calls/orders/create-order.js';
import type { MenuItem } from '../schemas/entities.js';
import { cartBill, filterMenu, type MenuFilter, menuAllergens, menuCategoryTabs } from './guest-flow.js';

const VENUE = '33333333-3333-4333-8333-333333333333';
const WAIT = '44444444-4444-4444-8444-444444444444';

let seq = 0;
function item(over: Partial<MenuItem>): MenuItem {
  seq += 1;
  return {
    id: `00000000-0000-4000-8000-${String(seq).padStart(12, '0')}`,
    venueId: VENUE,
    name: `Dish ${seq}`,
    description: null,
    price: '10.00',
    category: 'Mains',
    isAvailable: true,
    imageUrl: null,
    allergens: [],
    prepTime: null,
    calories: null,
    isVegetarian: false,
    isVegan: false,
    isGlutenFree: false,
    isSpicy: false,
    isPopular: false,
    temperature: null,
    isFragile: false,
    sortOrder: 0,
    station: null,
    modifiersSchema: [],
    ...over,
  };
}

const soup = item({
  name: 'Tomato Soup',
  description: 'Roasted tomatoes',
  category: 'Starters',
  isVegetarian: true,
  isVegan: true,
  isGlutenFree: true,
});
const wings = item({
  name: 'Hot Wings',
  description: 'Crispy and SPICY',
  category: 'Starters',
  isSpicy: true,
  isGlutenFree: true,
});
const pasta = item({
  name: 'Pasta',
  description: 'Creamy, with parmesan',
  category: 'Mains',
  isVegetarian: true,
  allergens: ['Gluten', 'Dairy'],
});
const steak = item({ name: 'Steak', category: 'Mains', allergens: [] });
const cake = item({ name: 'Chocolate Cake', category: 'Desserts', isVegetarian: true, allergens: ['dairy', 'eggs'] });
const gone = item({ name: 'Sold Out Pie', category: 'Desserts', isAvailable: false });
const menu = [soup, wings, pasta, steak, cake, gone];

describe('filterMenu', () => {
  const base: MenuFilter = { search: '', category: null, dietary: [], hiddenAllergens: [] };
  const names = (f: Partial<MenuFilter>) => filterMenu(menu, { ...base, ...f }).map((i) => i.name);
  it.each<[string, Partial<MenuFilter>, string[]]>([
    ['everything available', {}, ['Tomato Soup', 'Hot Wings', 'Pasta', 'Steak', 'Chocolate Cake']],
    ['search by name, any case', { search: 'sTeAk' }, ['Steak']],
    ['search by description', { search: 'spicy' }, ['Hot Wings']],
    ['search trims spaces', { search: '  cream ' }, ['Pasta']],
    ['search with no match', { search: 'sushi' }, []],
    ['a category', { category: 'Starters' }, ['Tomato Soup', 'Hot Wings']],
    ['vegetarian', { dietary: ['vegetarian'] }, ['Tomato Soup', 'Pasta', 'Chocolate Cake']],
    ['vegan and gluten-free together', { dietary: ['vegan', 'glutenFree'] }, ['Tomato Soup']],
    ['spicy', { dietary: ['spicy'] }, ['Hot Wings']],
    ['hide dairy (any case)', { hiddenAllergens: ['DAIRY'] }, ['Tomato Soup', 'Hot Wings', 'Steak']],
    ['hide eggs in desserts', { category: 'Desserts', hiddenAllergens: ['eggs'] }, []],
    [
      'everything combined',
      { search: 'o', category: 'Starters', dietary: ['vegan'], hiddenAllergens: ['dairy'] },
      ['Tomato Soup'],
    ],
  ])('%s', (_name, f, expected) => {
    expect(names(f)).toEqual(expected);
  });
});

describe('menu tabs and allergens', () => {
  it('offers categories in menu order', () => {
    expect(menuCategoryTabs(menu)).toEqual(['Starters', 'Mains', 'Desserts']);
  });
  it('offers only the first four categories', () => {
    const many = ['A', 'B', 'C', 'D', 'E'].map((category) => item({ category }));
    expect(menuCategoryTabs(many)).toEqual(['A', 'B', 'C', 'D']);
  });
  it('lists each allergen once', () => {
    expect(menuAllergens(menu)).toEqual(['Dairy', 'eggs', 'Gluten']);
  });
});

const burger = item({
  name: 'Burger',
  price: '12.50',
  modifiersSchema: [
    {
      id: 'doneness',
      name: 'Doneness',
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
        { id: 'cheese', name: 'Cheese', price: '1.25' },
        { id: 'bacon', name: 'Bacon', price: '2.00' },
      ],
    },
  ],
});

describe('cartBill', () => {
  it('adds modifiers per unit and taxes the subtotal once, half up', () => {
    const lines: CartLine[] = [
      // (12.50 + 1.25 + 2.00) x 2 = 31.50
      {
        menuItemId: burger.id,
        quantity: 2,
        modifiers: [
          { groupId: 'doneness', optionIds: ['rare'] },
          { groupId: 'extras', optionIds: ['cheese', 'bacon'] },
        ],
      },
      // 10.00
      { menuItemId: steak.id, quantity: 1 },
    ];
    // 41.50 x 8.75 % = 3.63125 -> 3.63
    expect(cartBill(lines, [burger, steak])).toEqual({
      lineTotals: [3150, 1000],
      totals: { subtotal: 4150, tax: 363, total: 4513 },
    });
  });
  it('rounds the half cent up', () => {
    // 2.00 x 8.75 % = 0.175 -> 0.18
    const cheap = item({ price: '2.00' });
    expect(cartBill([{ menuItemId: cheap.id, quantity: 1 }], [cheap]).totals).toEqual({
      subtotal: 200,
      tax: 18,
      total: 218,
    });
  });
  it('is zero for an empty cart', () => {
    expect(cartBill([], menu)).toEqual({ lineTotals: [], totals: { subtotal: 0, tax: 0, total: 0 } });
  });
  it.each<[string, CartLine]>([
    ['whose item left the menu', { menuItemId: WAIT, quantity: 3 }],
    [
      'with an option the item does not have',
      { menuItemId: burger.id, quantity: 1, modifiers: [{ groupId: 'extras', optionIds: ['gold'] }] },
    ],
    ['missing a required choice', { menuItemId: burger.id, quantity: 1 }],
  ])('leaves out, unpriced, a line %s', (_name, line) => {
    expect(cartBill([line, { menuItemId: steak.id, quantity: 1 }], [burger, steak])).toEqual({
      lineTotals: [null, 1000],
      totals: { subtotal: 1000, tax: 88, total: 1088 },
    });
  });
});
