import { describe, expect, it } from 'vitest';
import type { GuestCheckinAnswer } from '../calls/guest/checkin.js';
import type { CartLine } from '../calls/orders/create-order.js';
import type { MenuItem } from '../schemas/entities.js';
import {
  cartBill,
  checkinDestination,
  filterMenu,
  type MenuFilter,
  menuAllergens,
  menuCategoryTabs,
  parseQrContext,
  partySizeChoices,
  partySizeLabel,
  resolveCheckinContext,
} from './guest-flow.js';

const SESSION = '11111111-1111-4111-8111-111111111111';
const TABLE = '22222222-2222-4222-8222-222222222222';
const VENUE = '33333333-3333-4333-8333-333333333333';
const WAIT = '44444444-4444-4444-8444-444444444444';

describe('checkinDestination', () => {
  const cases: Array<[string, GuestCheckinAnswer, string | null]> = [
    [
      'server redirect wins',
      { success: true, type: 'waitlist', waitlistId: WAIT, redirectUrl: '/guest/menu?x=1' },
      '/guest/menu?x=1',
    ],
    [
      'session created',
      { success: true, type: 'session_created', sessionId: SESSION, tableId: TABLE },
      `/guest/table-confirmation?sessionId=${SESSION}&tableId=${TABLE}`,
    ],
    ['seat selection', { success: true, type: 'seat_selection' }, '/guest/seat-selection'],
    ['waitlist', { success: true, type: 'waitlist', waitlistId: WAIT }, `/guest/waitlist?id=${WAIT}`],
    [
      'a redirect to another site is not followed',
      { success: true, type: 'seat_selection', redirectUrl: '//evil.example/x' },
      '/guest/seat-selection',
    ],
    [
      'an absolute URL is not followed',
      { success: true, type: 'seat_selection', redirectUrl: 'https://evil.example' },
      '/guest/seat-selection',
    ],
    ['failure goes nowhere', { success: false, error: 'Full', redirectUrl: '/guest/menu' }, null],
    ['no type and no redirect', { success: true }, null],
  ];
  it.each(cases)('%s', (_name, answer, expected) => {
    expect(checkinDestination(answer)).toBe(expected);
  });
});

describe('QR context', () => {
  it.each([
    [
      'valid',
      JSON.stringify({ tableId: TABLE, venueId: VENUE, token: 't' }),
      { tableId: TABLE, venueId: VENUE, token: 't' },
    ],
    ['not JSON', '{oops', null],
    ['wrong shape', JSON.stringify({ tableId: 'not-a-uuid' }), null],
    ['a JSON string', '"hello"', null],
    ['empty', '', null],
    ['absent', null, null],
  ])('parseQrContext %s', (_name, raw, expected) => {
    expect(parseQrContext(raw)).toEqual(expected);
  });

  it('prefers the query over the stored context', () => {
    const stored = JSON.stringify({ tableId: '55555555-5555-4555-8555-555555555555' });
    expect(resolveCheckinContext({ tableId: TABLE, venueId: VENUE, token: 'q' }, stored)).toEqual({
      context: { tableId: TABLE, venueId: VENUE, token: 'q' },
      dropStored: false,
    });
  });
  it('falls back to the stored context', () => {
    const stored = JSON.stringify({ tableId: TABLE, venueId: VENUE });
    expect(resolveCheckinContext({}, stored)).toEqual({
      context: { tableId: TABLE, venueId: VENUE },
      dropStored: false,
    });
  });
  it('drops an unreadable stored context', () => {
    expect(resolveCheckinContext({ tableId: null }, 'garbage')).toEqual({ context: {}, dropStored: true });
  });
  it('ignores a query id that is not a uuid and uses the stored one', () => {
    const stored = JSON.stringify({ tableId: TABLE });
    expect(resolveCheckinContext({ tableId: '12' }, stored)).toEqual({
      context: { tableId: TABLE },
      dropStored: false,
    });
  });
  it('has nothing when nothing is known', () => {
    expect(resolveCheckinContext({}, null)).toEqual({ context: {}, dropStored: false });
  });
});

describe('party size', () => {
  it.each([
    [1, '1 person'],
    [2, '2 people'],
    [20, '20 people'],
  ])('%i is labelled %s', (n, label) => {
    expect(partySizeLabel(n)).toBe(label);
  });
  it('offers 1 to 20', () => {
    const choices = partySizeChoices();
    expect(choices[0]).toBe(1);
    expect(choices.at(-1)).toBe(20);
    expect(choices).toHaveLength(20);
  });
});

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
