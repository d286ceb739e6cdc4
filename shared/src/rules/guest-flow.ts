// The guest flow's rules (spec 3 sections 2, 4 and 5): where check-in leads, the QR context a
// phone remembers, the menu's filters and the cart's prices.
import { z } from 'zod';
import type { GuestCheckinAnswer } from '../calls/guest/checkin.js';
import type { CartLine } from '../calls/orders/create-order.js';
import { PARTY_SIZE } from '../constants.js';
import type { DietaryFilter } from '../guest-texts.js';
import { Id } from '../schemas/common.js';
import type { MenuItem } from '../schemas/entities.js';
import { priceLine } from './modifiers.js';
import { type BillTotals, billTotals } from './money.js';

// ---- check-in ----

/**
 * Only a path on our own origin is followed: a redirect the server names must not be able to
 * send a guest to another site (`//evil.example` is protocol-relative, hence refused).
 */
export function isSafeRedirect(url: string): boolean {
  return url.startsWith('/') && !url.startsWith('//') && !url.startsWith('/\\');
}

/**
 * Where a successful check-in goes: the server's redirect URL, else by result type.
 * Null when the answer is a failure or names no destination.
 */
export function checkinDestination(answer: GuestCheckinAnswer): string | null {
  if (!answer.success) return null;
  if (answer.redirectUrl && isSafeRedirect(answer.redirectUrl)) return answer.redirectUrl;
  if (!answer.type) return null;
  switch (answer.type) {
    case 'session_created':
      return withQuery('/guest/table-confirmation', { sessionId: answer.sessionId, tableId: answer.tableId });
    case 'seat_selection':
      return '/guest/seat-selection';
    case 'waitlist':
      return withQuery('/guest/waitlist', { id: answer.waitlistId });
    default: {
      const never: never = answer.type;
      throw new Error(`Unknown check-in result ${String(never)}`);
    }
  }
}

/** A path with the given query parameters; absent values are left out. */
export function withQuery(path: string, params: Record<string, string | null | undefined>): string {
  const query = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) {
    if (value !== undefined && value !== null && value !== '') query.set(key, value);
  }
  const text = query.toString();
  return text ? `${path}?${text}` : path;
}

/** The table and venue a QR code placed the guest at, remembered on the phone. */
export const QrContext = z.object({
  tableId: Id.optional(),
  venueId: Id.optional(),
  token: z.string().min(1).optional(),
});
export type QrContext = z.infer<typeof QrContext>;

/**
 * The stored QR context, or null when there is none or it cannot be parsed.
 * @internal exported for its tests
 */
export function parseQrContext(raw: string | null | undefined): QrContext | null {
  if (!raw) return null;
  try {
    const parsed = QrContext.safeParse(JSON.parse(raw));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

export interface CheckinContext {
  context: QrContext;
  /** The stored context was unreadable and must be dropped. */
  dropStored: boolean;
}

/**
 * The check-in form's context: the query's tableId/venueId when present, else the stored QR
 * context. A query value that is not an id is ignored rather than sent.
 */
export function resolveCheckinContext(
  query: { tableId?: string | null; venueId?: string | null; token?: string | null },
  stored: string | null | undefined,
): CheckinContext {
  const fromQuery = QrContext.safeParse({
    tableId: query.tableId || undefined,
    venueId: query.venueId || undefined,
    token: query.token || undefined,
  });
  if (fromQuery.success && (fromQuery.data.tableId || fromQuery.data.venueId)) {
    return { context: fromQuery.data, dropStored: false };
  }
  const parsed = parseQrContext(stored);
  return { context: parsed ?? {}, dropStored: Boolean(stored) && parsed === null };
}

/** '1 person', '2 people' (spec 1 section 5). */
export function partySizeLabel(size: number): string {
  return `${size} ${size === 1 ? 'person' : 'people'}`;
}

/** Every party size a guest may choose, from 1 to 20. */
export function partySizeChoices(): number[] {
  return Array.from({ length: PARTY_SIZE.max - PARTY_SIZE.min + 1 }, (_, i) => PARTY_SIZE.min + i);
}

// ---- menu ----

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
