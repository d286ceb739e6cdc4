// The menu answer (spec 2 section 3: items and groupedByCategory), the same from cloud and terminal.
import type { MenuAnswer } from '../schemas/calls.js';
import type { MenuItem } from '../schemas/entities.js';

/** Groups items by category; categories keep the order in which the menu first lists them. */
export function menuAnswer(items: MenuItem[]): MenuAnswer {
  const groupedByCategory: Record<string, MenuItem[]> = {};
  for (const item of items) {
    const group = groupedByCategory[item.category] ?? [];
    group.push(item);
    groupedByCategory[item.category] = group;
  }
  return { items, groupedByCategory };
}
