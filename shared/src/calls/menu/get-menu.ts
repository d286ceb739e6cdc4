import { z } from 'zod';
import { compareText } from '../../rules/table-order.js';
import { MenuItem } from '../../schemas/entities.js';
import { defineCall } from '../define.js';

export const MenuAnswer = z.object({
  items: z.array(MenuItem),
  groupedByCategory: z.record(z.string(), z.array(MenuItem)),
});
export type MenuAnswer = z.infer<typeof MenuAnswer>;

/** Spec 2 section 3: items and groupedByCategory. */
export const getMenu = defineCall({
  method: 'GET',
  path: '/api/menu',
  summary: "The venue's menu in its own order, and grouped by category",
  audience: ['staff', 'terminal', 'guest'],
  tiers: ['cloud', 'terminal'],
  answer: MenuAnswer,
  staleOn: ['menu.item.updated'],
});

/** Items in the menu's order (then by name and id, so ties never depend on the store); categories
 * keep the order in which the menu first lists them. */
export function menuAnswer(items: readonly MenuItem[]): MenuAnswer {
  const sorted = [...items].sort(
    (a, b) => a.sortOrder - b.sortOrder || compareText(a.name, b.name) || compareText(a.id, b.id),
  );
  const groupedByCategory: Record<string, MenuItem[]> = {};
  for (const item of sorted) {
    const group = groupedByCategory[item.category] ?? [];
    group.push(item);
    groupedByCategory[item.category] = group;
  }
  return { items: sorted, groupedByCategory };
}
