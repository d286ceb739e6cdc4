// Checking a cart line's modifier choice against the menu item's modifier groups, and pricing it
// from the menu (never from the client).

import { MESSAGES } from '../messages.js';
import type { ChosenModifier, ModifierGroup } from '../schemas/entities.js';

export interface ModifierChoice {
  groupId: string;
  optionIds: readonly string[];
}

export type ModifierResult = { ok: true; modifiers: ChosenModifier[] } | { ok: false; reason: string };

/**
 * The chosen options with their names and prices as the menu has them now. Refuses an unknown
 * group or option, a repeated option, two options of a single-choice group, or a required
 * group left empty.
 */
export function chooseModifiers(
  itemName: string,
  groups: readonly ModifierGroup[],
  choices: readonly ModifierChoice[],
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
  for (const group of groups) {
    if (group.required && !modifiers.some((m) => m.groupId === group.id)) {
      return { ok: false, reason: MESSAGES.modifierRequired(group.name, itemName) };
    }
  }
  return { ok: true, modifiers };
}
