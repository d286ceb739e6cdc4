// What the demo venue holds: its floor (three zones, table numbers in the designer's ranges) and
// its menu (four stations). Plain data; demo.ts writes it.
import type { ModifierGroup } from '@tablewise/shared';

export const DEMO_ORGANIZATION_NAME = 'Demo Restaurant Group';
export const DEMO_VENUE_NAME = 'Main Location';
export const DEMO_MANAGER_EMAIL = 'manager@demo.test';
export const DEMO_MANAGER_PASSWORD = 'demo-manager';
/** Floor staff, one per duty (docs/roles.md), all with this password: `kitchen@demo.test` and so on. */
export const DEMO_STAFF_PASSWORD = 'demo-staff';
export const DEMO_STAFF = [
  { email: 'host@demo.test', firstName: 'Hana', lastName: 'Host', duty: 'HOST' },
  { email: 'server@demo.test', firstName: 'Sergio', lastName: 'Server', duty: 'SERVER' },
  { email: 'kitchen@demo.test', firstName: 'Kai', lastName: 'Kitchen', duty: 'KITCHEN' },
  { email: 'runner@demo.test', firstName: 'Rosa', lastName: 'Runner', duty: 'RUNNER' },
  { email: 'cleaner@demo.test', firstName: 'Cleo', lastName: 'Cleaner', duty: 'CLEANER' },
] as const;
export const DEMO_STATIONS = ['Grill', 'Fry', 'Cold', 'Bar'] as const;
type DemoStation = (typeof DEMO_STATIONS)[number];
/**
 * A station whose printer is down sends its long-waiting tickets to its backup's printer. The bar
 * has one printer in a busy spot; the cold station's, at the pass, is the nearest that the bar staff
 * walk past.
 */
export const DEMO_BACKUP_STATIONS: Partial<Record<DemoStation, DemoStation>> = {
  Bar: 'Cold',
};

export interface DemoZone {
  key: string;
  name: string;
  type: 'dining' | 'patio' | 'bar';
  x: number;
  y: number;
  width: number;
  height: number;
  color: string;
}

// Inside the designer's 800x600 canvas.
export const DEMO_ZONES: readonly DemoZone[] = [
  { key: 'dining', name: 'Dining Room', type: 'dining', x: 20, y: 20, width: 480, height: 370, color: '#3b82f6' },
  { key: 'patio', name: 'Patio', type: 'patio', x: 520, y: 20, width: 260, height: 370, color: '#22c55e' },
  { key: 'bar', name: 'Bar Area', type: 'bar', x: 20, y: 410, width: 760, height: 170, color: '#a855f7' },
];

export interface DemoTable {
  number: string;
  zone: string;
  shape: 'CIRCLE' | 'SQUARE' | 'RECTANGLE' | 'OVAL' | 'BOOTH';
  capacity: number;
  x: number;
  y: number;
  isAccessible?: boolean;
  hasView?: boolean;
  hasPlugs?: boolean;
  isQuiet?: boolean;
}

const dining = (
  n: number,
  shape: DemoTable['shape'],
  capacity: number,
  x: number,
  y: number,
  extra: Partial<DemoTable> = {},
): DemoTable => ({
  number: String(n),
  zone: 'Dining Room',
  shape,
  capacity,
  x,
  y,
  ...extra,
});
const patio = (n: number, capacity: number, extra: Partial<DemoTable> = {}): DemoTable => {
  const i = n - 21;
  return {
    number: String(n),
    zone: 'Patio',
    shape: capacity > 2 ? 'SQUARE' : 'CIRCLE',
    capacity,
    x: 550 + (i % 2) * 120,
    y: 60 + Math.floor(i / 2) * 110,
    hasView: true,
    ...extra,
  };
};
const bar = (n: number): DemoTable => ({
  number: `B${n}`,
  zone: 'Bar Area',
  shape: 'CIRCLE',
  capacity: 2,
  x: 70 + (n - 1) * 115,
  y: 470,
  hasPlugs: true,
});

/** Dining Room 1-10, Patio 21-26, Bar Area B1-B6 (spec 2's zone ranges). The first is the one
 * demos and tests seat guests at. */
export const DEMO_TABLES: readonly DemoTable[] = [
  dining(1, 'CIRCLE', 2, 50, 50, { isAccessible: true }),
  dining(2, 'CIRCLE', 2, 150, 50),
  dining(3, 'SQUARE', 4, 250, 50, { isAccessible: true }),
  dining(4, 'SQUARE', 4, 370, 50),
  dining(5, 'RECTANGLE', 6, 50, 170),
  dining(6, 'BOOTH', 4, 190, 170, { isQuiet: true }),
  dining(7, 'BOOTH', 4, 310, 170, { isQuiet: true }),
  dining(8, 'SQUARE', 4, 50, 280),
  dining(9, 'OVAL', 8, 170, 280, { isAccessible: true }),
  dining(10, 'RECTANGLE', 6, 340, 280, { isQuiet: true }),
  patio(21, 2),
  patio(22, 2),
  patio(23, 4),
  patio(24, 4, { isAccessible: true }),
  patio(25, 6),
  patio(26, 4),
  bar(1),
  bar(2),
  bar(3),
  bar(4),
  bar(5),
  bar(6),
];

export interface DemoMenuItem {
  key: string;
  name: string;
  description: string;
  price: string;
  category: 'Starters' | 'Mains' | 'Desserts' | 'Drinks';
  station: DemoStation;
  prepTime: number;
  calories: number;
  allergens: string[];
  isVegetarian?: boolean;
  isVegan?: boolean;
  isGlutenFree?: boolean;
  isSpicy?: boolean;
  isPopular?: boolean;
  isFragile?: boolean;
  modifiers?: ModifierGroup[];
}

const choice = (id: string, name: string, options: [string, string][], required = true): ModifierGroup => ({
  id,
  name,
  type: 'single',
  required,
  options: options.map(([optionName, price]) => ({ id: `${id}-${slug(optionName)}`, name: optionName, price })),
});
const addOns = (id: string, name: string, options: [string, string][]): ModifierGroup => ({
  id,
  name,
  type: 'multiple',
  required: false,
  options: options.map(([optionName, price]) => ({ id: `${id}-${slug(optionName)}`, name: optionName, price })),
});

function slug(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
}

const doneness = choice('doneness', 'Doneness', [
  ['Rare', '0.00'],
  ['Medium Rare', '0.00'],
  ['Medium', '0.00'],
  ['Medium Well', '0.00'],
  ['Well Done', '0.00'],
]);
const ice = choice('ice', 'Ice', [
  ['Regular Ice', '0.00'],
  ['Light Ice', '0.00'],
  ['No Ice', '0.00'],
]);

export const DEMO_MENU: readonly DemoMenuItem[] = [
  // Starters
  {
    key: 'calamari',
    name: 'Crispy Calamari',
    description: 'Lightly fried squid with lemon aioli',
    price: '12.50',
    category: 'Starters',
    station: 'Fry',
    prepTime: 8,
    calories: 520,
    allergens: ['molluscs', 'gluten', 'eggs'],
    isPopular: true,
  },
  {
    key: 'truffle-fries',
    name: 'Truffle Fries',
    description: 'Hand-cut fries, truffle oil, parmesan',
    price: '9.00',
    category: 'Starters',
    station: 'Fry',
    prepTime: 6,
    calories: 480,
    allergens: ['dairy'],
    isVegetarian: true,
    isGlutenFree: true,
  },
  {
    key: 'wings',
    name: 'Buffalo Wings',
    description: 'Six wings with blue cheese dip',
    price: '12.00',
    category: 'Starters',
    station: 'Fry',
    prepTime: 10,
    calories: 690,
    allergens: ['dairy'],
    isGlutenFree: true,
    isSpicy: true,
    modifiers: [
      choice('heat', 'Heat', [
        ['Mild', '0.00'],
        ['Hot', '0.00'],
        ['Inferno', '0.00'],
      ]),
    ],
  },
  {
    key: 'caesar',
    name: 'Caesar Salad',
    description: 'Romaine, croutons, parmesan, anchovy dressing',
    price: '11.00',
    category: 'Starters',
    station: 'Cold',
    prepTime: 5,
    calories: 380,
    allergens: ['dairy', 'eggs', 'fish', 'gluten'],
    modifiers: [
      addOns('salad-protein', 'Add Protein', [
        ['Grilled Chicken', '4.00'],
        ['Shrimp', '6.00'],
      ]),
    ],
  },
  {
    key: 'burrata',
    name: 'Burrata & Heirloom Tomatoes',
    description: 'Burrata, basil, aged balsamic',
    price: '13.50',
    category: 'Starters',
    station: 'Cold',
    prepTime: 5,
    calories: 410,
    allergens: ['dairy'],
    isVegetarian: true,
    isGlutenFree: true,
    isPopular: true,
  },
  // Mains
  {
    key: 'ribeye',
    name: 'Ribeye Steak',
    description: '12 oz ribeye, herb butter, seasonal greens',
    price: '34.00',
    category: 'Mains',
    station: 'Grill',
    prepTime: 18,
    calories: 980,
    allergens: ['dairy'],
    isGlutenFree: true,
    isPopular: true,
    modifiers: [
      doneness,
      choice(
        'steak-sauce',
        'Sauce',
        [
          ['Peppercorn', '0.00'],
          ['Chimichurri', '0.00'],
          ['Béarnaise', '1.50'],
        ],
        false,
      ),
    ],
  },
  {
    key: 'burger',
    name: 'Classic Burger',
    description: 'Dry-aged beef, brioche bun, house pickles',
    price: '17.50',
    category: 'Mains',
    station: 'Grill',
    prepTime: 12,
    calories: 890,
    allergens: ['gluten', 'dairy', 'eggs', 'sesame'],
    isPopular: true,
    modifiers: [
      doneness,
      addOns('burger-add-ons', 'Add-ons', [
        ['Bacon', '2.50'],
        ['Cheddar', '1.50'],
        ['Avocado', '2.00'],
        ['Fried Egg', '1.50'],
      ]),
    ],
  },
  {
    key: 'salmon',
    name: 'Grilled Salmon',
    description: 'Atlantic salmon, lemon butter, asparagus',
    price: '26.00',
    category: 'Mains',
    station: 'Grill',
    prepTime: 15,
    calories: 640,
    allergens: ['fish', 'dairy'],
    isGlutenFree: true,
  },
  {
    key: 'chicken',
    name: 'Half Roast Chicken',
    description: 'Free-range chicken, jus, roasted potatoes',
    price: '22.00',
    category: 'Mains',
    station: 'Grill',
    prepTime: 20,
    calories: 820,
    allergens: [],
    isGlutenFree: true,
  },
  {
    key: 'veggie-burger',
    name: 'Veggie Burger',
    description: 'Black bean patty, vegan cheese, chipotle mayo',
    price: '16.00',
    category: 'Mains',
    station: 'Grill',
    prepTime: 12,
    calories: 690,
    allergens: ['gluten', 'soy'],
    isVegetarian: true,
    isVegan: true,
    modifiers: [
      addOns('veggie-add-ons', 'Add-ons', [
        ['Avocado', '2.00'],
        ['Grilled Onions', '1.00'],
      ]),
    ],
  },
  {
    key: 'risotto',
    name: 'Wild Mushroom Risotto',
    description: 'Arborio rice, porcini, parmesan',
    price: '19.50',
    category: 'Mains',
    station: 'Grill',
    prepTime: 16,
    calories: 720,
    allergens: ['dairy'],
    isVegetarian: true,
    isGlutenFree: true,
  },
  {
    key: 'fish-chips',
    name: 'Fish & Chips',
    description: 'Beer-battered cod, fries, tartar sauce',
    price: '19.00',
    category: 'Mains',
    station: 'Fry',
    prepTime: 12,
    calories: 950,
    allergens: ['fish', 'gluten', 'eggs'],
  },
  {
    key: 'chicken-sandwich',
    name: 'Spicy Chicken Sandwich',
    description: 'Fried chicken thigh, hot honey, slaw',
    price: '15.50',
    category: 'Mains',
    station: 'Fry',
    prepTime: 11,
    calories: 840,
    allergens: ['gluten', 'eggs'],
    isSpicy: true,
  },
  // Desserts
  {
    key: 'lava-cake',
    name: 'Chocolate Lava Cake',
    description: 'Warm chocolate cake, vanilla ice cream',
    price: '9.50',
    category: 'Desserts',
    station: 'Cold',
    prepTime: 10,
    calories: 610,
    allergens: ['dairy', 'eggs', 'gluten'],
    isVegetarian: true,
    isPopular: true,
    isFragile: true,
  },
  {
    key: 'cheesecake',
    name: 'New York Cheesecake',
    description: 'Graham crust, berry compote',
    price: '8.50',
    category: 'Desserts',
    station: 'Cold',
    prepTime: 4,
    calories: 540,
    allergens: ['dairy', 'eggs', 'gluten'],
    isVegetarian: true,
  },
  {
    key: 'creme-brulee',
    name: 'Crème Brûlée',
    description: 'Vanilla custard, burnt sugar',
    price: '8.00',
    category: 'Desserts',
    station: 'Cold',
    prepTime: 4,
    calories: 430,
    allergens: ['dairy', 'eggs'],
    isVegetarian: true,
    isGlutenFree: true,
    isFragile: true,
  },
  {
    key: 'sorbet',
    name: 'Seasonal Sorbet',
    description: 'Three scoops',
    price: '6.50',
    category: 'Desserts',
    station: 'Cold',
    prepTime: 3,
    calories: 220,
    allergens: [],
    isVegetarian: true,
    isVegan: true,
    isGlutenFree: true,
  },
  // Drinks
  {
    key: 'lemonade',
    name: 'House Lemonade',
    description: 'Fresh-squeezed, lightly sweet',
    price: '4.50',
    category: 'Drinks',
    station: 'Bar',
    prepTime: 2,
    calories: 160,
    allergens: [],
    isVegetarian: true,
    isVegan: true,
    isGlutenFree: true,
    isPopular: true,
    modifiers: [ice],
  },
  {
    key: 'iced-tea',
    name: 'Iced Tea',
    description: 'Black tea, brewed daily',
    price: '3.50',
    category: 'Drinks',
    station: 'Bar',
    prepTime: 2,
    calories: 90,
    allergens: [],
    isVegetarian: true,
    isVegan: true,
    isGlutenFree: true,
    modifiers: [
      choice('size', 'Size', [
        ['Regular', '0.00'],
        ['Large', '1.50'],
      ]),
      ice,
    ],
  },
  {
    key: 'ipa',
    name: 'Craft IPA',
    description: 'Local draft, 16 oz',
    price: '7.50',
    category: 'Drinks',
    station: 'Bar',
    prepTime: 1,
    calories: 210,
    allergens: ['gluten'],
    isVegetarian: true,
    isVegan: true,
  },
  {
    key: 'red-wine',
    name: 'House Red Wine',
    description: 'Glass of Cabernet Sauvignon',
    price: '9.00',
    category: 'Drinks',
    station: 'Bar',
    prepTime: 1,
    calories: 125,
    allergens: ['sulphites'],
    isVegetarian: true,
    isVegan: true,
    isGlutenFree: true,
    isFragile: true,
  },
  {
    key: 'espresso-martini',
    name: 'Espresso Martini',
    description: 'Vodka, espresso, coffee liqueur',
    price: '13.00',
    category: 'Drinks',
    station: 'Bar',
    prepTime: 3,
    calories: 240,
    allergens: [],
    isVegetarian: true,
    isVegan: true,
    isGlutenFree: true,
    isFragile: true,
  },
  {
    key: 'sparkling-water',
    name: 'Sparkling Water',
    description: '750 ml bottle',
    price: '3.00',
    category: 'Drinks',
    station: 'Bar',
    prepTime: 1,
    calories: 0,
    allergens: [],
    isVegetarian: true,
    isVegan: true,
    isGlutenFree: true,
  },
];

/** The line Load Demo Data puts on the waitlist (POST /api/demo/populate), in order. */
export const DEMO_WAITLIST = [
  { guestName: 'Maria Garcia', phone: '+1 212 555 0142', partySize: 4, occasion: 'birthday' },
  { guestName: 'James Chen', phone: '+1 212 555 0178', partySize: 2, occasion: 'date' },
  { guestName: 'Okafor family', phone: '+1 212 555 0131', partySize: 5, needsHighChair: true },
] as const;

export const DEMO_RUNNERS = [
  { name: 'Alex Rivera', zone: 'Dining Room' },
  { name: 'Jordan Lee', zone: 'Patio' },
  { name: 'Sam Patel', zone: 'Bar Area' },
] as const;

/** Table size on the designer canvas by capacity (spec 2 section 9). */
export function tableSize(shape: DemoTable['shape'], capacity: number): { width: number; height: number } {
  const width = capacity <= 2 ? 60 : capacity <= 4 ? 80 : capacity <= 6 ? 100 : 120;
  switch (shape) {
    case 'RECTANGLE':
      return { width, height: 80 };
    case 'OVAL':
      return { width, height: 90 };
    case 'CIRCLE':
    case 'SQUARE':
    case 'BOOTH':
      return { width, height: width };
    default: {
      const never: never = shape;
      throw new Error(`Unknown shape ${String(never)}`);
    }
  }
}
