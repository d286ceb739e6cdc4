// The guest flow's rules (spec 3 section 5): the menu's filters and the cart's prices. Check-in's
// rules are in guest-checkin.ts, apart, so that the first page does not load these.
import type { CartLine } from '../calls/orders/create-order.js';
import type { DietaryFilter } from '../guest-texts.js';
import type { MenuItem } from '../schemas/entities.js';
import { priceLine } from './modifiers.js';
import { type BillTotals, billTotals } from './money.js';

export interface MenuFilter {
  search: string;
  /** null shows every category ("All"). */
  category: string | null;
  dietary: readonly DietaryFilter[];
  hiddenAllergens: readonly string[];
}

/** Whether a dish carries a dietary flag (vegetarian, vegan, gluten-free, spicy). */
export function hasDietaryFlag(item: MenuItem, filter: DietaryFilter): boolean {
  switch (filter) {
    case 'vegetarian':
      return item.isVegetarian;
    case 'vegan':
      return item.isVegan;
    case 'glutenFree':
      return item.isGlutenFree;
    case 'spicy':
      return item.isSpicy;
    default: {
      const never: never = filter;
      throw new Error(`Unknown dietary filter ${String(never)}`);
    }
  }
}

/**
 * The items a guest sees (spec 3 section 5): available ones whose name or description contains
 * the search text (case-insensitively), in the chosen category, carrying every chosen dietary
 * flag, and containing none of the hidden allergens.
 */
export function filterMenu(items: readonly MenuItem[], filter: MenuFilter): MenuItem[] {
  const needle = filter.search.trim().toLowerCase();
  const hidden = new Set(filter.hiddenAllergens.map((a) => a.trim().toLowerCase()));
  return items.filter((item) => {
    if (!item.isAvailable) return false;
    if (filter.category !== null && item.category !== filter.category) return false;
    if (needle) {
      const inName = item.name.toLowerCase().includes(needle);
      const inDescription = (item.description ?? '').toLowerCase().includes(needle);
      if (!inName && !inDescription) return false;
    }
    if (!filter.dietary.every((d) => hasDietaryFlag(item, d))) return false;
    if (item.allergens.some((a) => hidden.has(a.trim().toLowerCase()))) return false;
    return true;
  });
}

/** Only the first four categories get a tab (spec 3 section 9); "All" comes on top of them. */
const MENU_CATEGORY_TABS = 4;

/** The categories offered as tabs, in the order the menu lists them. */
export function menuCategoryTabs(items: readonly MenuItem[]): string[] {
  const seen: string[] = [];
  for (const item of items) {
    if (!seen.includes(item.category)) seen.push(item.category);
  }
  return seen.slice(0, MENU_CATEGORY_TABS);
}

/** Every allergen named on the menu, sorted, for the hide-allergen toggles. */
export function menuAllergens(items: readonly MenuItem[]): string[] {
  const all = new Map<string, string>();
  for (const item of items) {
    for (const allergen of item.allergens) {
      const key = allergen.trim().toLowerCase();
      if (key && !all.has(key)) all.set(key, allergen.trim());
    }
  }
  return [...all.values()].sort((a, b) => a.localeCompare(b));
}

// ---- cart ----

export interface CartBill {
  /** Each line's total in cents, or null when it can no longer be priced (see below). */
  lineTotals: Array<number | null>;
  totals: BillTotals;
}

/**
 * The cart priced with the rule the cloud applies (`priceLine`). A line whose dish left the menu,
 * or whose options no longer fit it, has no price and is left out of the totals: the cloud would
 * refuse it, and the guest sees it flagged.
 */
export function cartBill(lines: readonly CartLine[], menu: readonly MenuItem[]): CartBill {
  const lineTotals = lines.map((line) => {
    const item = menu.find((m) => m.id === line.menuItemId);
    const price = item ? priceLine(item, line) : null;
    return price?.ok ? price.totalCents : null;
  });
  return { lineTotals, totals: billTotals(lineTotals.filter((cents) => cents !== null)) };
}
