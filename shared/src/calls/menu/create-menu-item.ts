import { z } from 'zod';
import { boundedText, Id, Money, moneyIn } from '../../schemas/common.js';
import { MenuItem } from '../../schemas/entities.js';
import { defineCall } from '../define.js';

/** What a menu may hold: a real kitchen's menu with room to spare, never a runaway form. */
const MENU_ITEM_BOUNDS = {
  name: 100,
  description: 500,
  category: 50,
  station: 50,
  prepTimeMinutes: 240,
  calories: 10_000,
  allergens: 20,
  allergenLength: 40,
  groups: 10,
  options: 20,
  modifierName: 100,
  price: 100_000,
} as const;

const required = (max: number) => boundedText(max).min(1, { error: 'is required' });
const MenuPrice = moneyIn(
  Money.refine((v) => !v.startsWith('-') && Number(v) <= MENU_ITEM_BOUNDS.price, {
    error: `must be an amount from 0 to ${MENU_ITEM_BOUNDS.price}`,
  }),
);
/** Modifier group and option ids: short names ("temp", "rare") the orders refer to. */
const ModifierId = z
  .string()
  .regex(/^[a-z0-9][a-z0-9-]{0,39}$/, { error: 'must be lowercase letters, digits and dashes (at most 40)' });

const ModifierOptionInput = z.object({
  id: ModifierId,
  name: required(MENU_ITEM_BOUNDS.modifierName),
  price: MenuPrice,
});
export const ModifierGroupInput = z
  .object({
    id: ModifierId,
    name: required(MENU_ITEM_BOUNDS.modifierName),
    type: z.enum(['single', 'multiple']),
    required: z.boolean(),
    options: z
      .array(ModifierOptionInput)
      .min(1, { error: 'needs at least one option' })
      .max(MENU_ITEM_BOUNDS.options, { error: `has at most ${MENU_ITEM_BOUNDS.options} options` }),
  })
  .refine((g) => new Set(g.options.map((o) => o.id)).size === g.options.length, {
    error: 'option ids must differ',
    path: ['options'],
  });
export type ModifierGroupInput = z.input<typeof ModifierGroupInput>;

/** Every field of a menu item staff set (spec 3 section 3), without defaults (an edit sends only
 * what changes). The photo is set apart, after its upload. */
export const MENU_ITEM_FIELDS = {
  name: required(MENU_ITEM_BOUNDS.name),
  description: boundedText(MENU_ITEM_BOUNDS.description, { multiline: true }).nullable(),
  price: MenuPrice,
  category: required(MENU_ITEM_BOUNDS.category),
  station: boundedText(MENU_ITEM_BOUNDS.station).nullable(),
  prepTime: z.number().int().min(0).max(MENU_ITEM_BOUNDS.prepTimeMinutes).nullable(),
  calories: z.number().int().min(0).max(MENU_ITEM_BOUNDS.calories).nullable(),
  allergens: z
    .array(required(MENU_ITEM_BOUNDS.allergenLength))
    .max(MENU_ITEM_BOUNDS.allergens, { error: `at most ${MENU_ITEM_BOUNDS.allergens} allergens` }),
  isVegetarian: z.boolean(),
  isVegan: z.boolean(),
  isGlutenFree: z.boolean(),
  isSpicy: z.boolean(),
  isPopular: z.boolean(),
  isAvailable: z.boolean(),
  modifiersSchema: z
    .array(ModifierGroupInput)
    .max(MENU_ITEM_BOUNDS.groups, { error: `at most ${MENU_ITEM_BOUNDS.groups} modifier groups` })
    .refine((groups) => new Set(groups.map((g) => g.id)).size === groups.length, {
      error: 'modifier group ids must differ',
    }),
};

const F = MENU_ITEM_FIELDS;
export const CreateMenuItemRequest = z.strictObject({
  /** Client-made id, so a repeat cannot add the item twice. */
  id: Id.optional(),
  name: F.name,
  description: F.description.default(null),
  price: F.price,
  category: F.category,
  station: F.station.default(null),
  prepTime: F.prepTime.default(null),
  calories: F.calories.default(null),
  allergens: F.allergens.default([]),
  isVegetarian: F.isVegetarian.default(false),
  isVegan: F.isVegan.default(false),
  isGlutenFree: F.isGlutenFree.default(false),
  isSpicy: F.isSpicy.default(false),
  isPopular: F.isPopular.default(false),
  isAvailable: F.isAvailable.default(true),
  modifiersSchema: F.modifiersSchema.default([]),
});
export type CreateMenuItemRequest = z.input<typeof CreateMenuItemRequest>;

/** Adds an item to the venue's menu, at the end of its category. */
export const createMenuItem = defineCall({
  method: 'POST',
  path: '/api/menu',
  summary: "Add an item to the venue's menu (201; a repeat of the same id answers 200)",
  audience: ['staff'],
  tiers: ['cloud'],
  body: CreateMenuItemRequest,
  answer: MenuItem,
  status: 201,
  permission: 'MANAGE_MENU',
});
