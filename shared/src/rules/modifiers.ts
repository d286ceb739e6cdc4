// Checking an order line's modifier choice against its dish's modifier groups, and pricing the
// line from the menu (never from the client's prices).

import { MESSAGES } from '../messages.js';
import type { ChosenModifier, MenuItem, ModifierGroup } from '../schemas/entities.js';
import { lineCents, toCents } from './money.js';

export interface ModifierChoice {
  groupId: string;
  optionIds: readonly string[];
}

export type ModifierResult = { ok: true; modifiers: ChosenModifier[] } | { ok: false; reason: string };

export interface ChoiceOptions {
  /** The dish is still being chosen, so a required group may be empty yet. */
  draft?: boolean;
}

/**
 * The chosen options with their names and prices as the menu has them now. Refuses an unknown
 * group or option, a repeated option, two options of a single-choice group, or (unless it is a
 * draft) a required group left empty.
 */
export function chooseModifiers(
  itemName: string,
  groups: readonly ModifierGroup[],
  choices: readonly ModifierChoice[],
  options: ChoiceOptions = {},
): ModifierResult {
  const modifiers: ChosenModifier[] = [];
  const seenGroups = new Set<string>();
  for (const choice of choices) {
    const group = groups.find((g) => g.id === choice.groupId);
    if (!group || seenGroups.has(group.id)) return { ok: false, reason: MESSAGES.unknownModifier(itemName) };
    seenGroups.add(group.id);
    if (new Set(choice.optionIds).size !== choice.optionIds.length) {
      return { ok: false, reason: MESSAGES.unknownModifier(itemName) };
    }
    if (group.type === 'single' && choice.optionIds.length > 1) {
      return { ok: false, reason: MESSAGES.modifierSingleChoice(group.name, itemName) };
    }
    for (const optionId of choice.optionIds) {
      const option = group.options.find((o) => o.id === optionId);
      if (!option) return { ok: false, reason: MESSAGES.unknownModifier(itemName) };
      modifiers.push({
        groupId: group.id,
        groupName: group.name,
        optionId: option.id,
        optionName: option.name,
        price: option.price,
      });
    }
  }
  const missing = options.draft
    ? undefined
    : groups.find((group) => group.required && !modifiers.some((m) => m.groupId === group.id));
  if (missing) return { ok: false, reason: MESSAGES.modifierRequired(missing.name, itemName) };
  return { ok: true, modifiers };
}

/** What pricing needs of a dish, named as the menu item has it. */
export type PricedDish = Pick<MenuItem, 'name' | 'price' | 'modifiersSchema'>;

export interface LineChoice {
  quantity: number;
  modifiers?: readonly ModifierChoice[];
}

export type LinePrice =
  | { ok: true; modifiers: ChosenModifier[]; unitCents: number; totalCents: number }
  | { ok: false; reason: string };

/**
 * The price of an order line: the dish's price plus each chosen option's, as the menu has them
 * now, times the quantity. The guest's cart and the cloud both price with this, so the total a
 * guest sees before ordering is the total the order gets.
 */
export function priceLine(dish: PricedDish, line: LineChoice, options: ChoiceOptions = {}): LinePrice {
  const chosen = chooseModifiers(dish.name, dish.modifiersSchema, line.modifiers ?? [], options);
  if (!chosen.ok) return chosen;
  const cents = lineCents({
    unitPriceCents: toCents(dish.price),
    modifierPriceCents: chosen.modifiers.map((m) => toCents(m.price)),
    quantity: line.quantity,
  });
  return { ok: true, modifiers: chosen.modifiers, unitCents: cents.unit, totalCents: cents.total };
}
