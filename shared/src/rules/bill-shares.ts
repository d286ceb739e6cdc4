// The shares a bill is paid in (spec 3 sections 2, 5 and 9; issues 11 and 21): in full, or split
// 2 to 10 ways evenly, by custom amounts or by items. A share's id is what the cloud holds the
// bill with (one payment per id, its "share already paid" check), so every phone at the table must
// name the same share alike: the id is made here, once, from the bill's version, the way of
// splitting, the number of people and the share's place.
import { SPLIT } from '../constants.js';
import type { ErrorId } from '../errors.js';
import { PAYMENT_MESSAGES } from '../messages.js';
import type { Bill } from '../schemas/payment.js';
import { holdsBill, settleCustomSplit, splitByItems } from './bill.js';
import { displayMoney, splitEvenly, toCents } from './money.js';

const SHARE_MODES = ['full', 'even', 'custom', 'items'] as const;
export type ShareMode = (typeof SHARE_MODES)[number];

/** How the table chose to pay: the way, the people, and what each way needs. */
export interface ShareChoice {
  mode: ShareMode;
  people: number;
  /** Custom amounts as typed, one per person ('12.50'); an empty box is 0. */
  custom: readonly string[];
  /** By items: the people (0-based) who had each bill line, by line id. */
  assignment: ReadonlyMap<string, readonly number[]>;
}

export interface BillShare {
  id: string;
  /** The person paying it, 0-based; null for the whole bill. */
  person: number | null;
  amountCents: number;
  /** The bill lines it pays for (by items only). */
  items: string[];
}

/** What of the bill its shares depend on. */
type SharedBill = Pick<Bill, 'version' | 'total' | 'left' | 'tax' | 'serviceCharge'> & {
  items: readonly Pick<Bill['items'][number], 'id' | 'totalPrice'>[];
};

const SEPARATOR = ':';

/**
 * A share's id: `{bill version}:{mode}:{people}:{place}`; the whole bill is one person's, place 0.
 * @internal exported for its tests
 */
export function shareId(version: string, mode: ShareMode, people: number, index: number): string {
  return [version, mode, mode === 'full' ? 1 : people, index].join(SEPARATOR);
}

/**
 * What a share id names, when it is one this rule made; null for any other id (the spec's split
 * entry lets a client name its splits as it likes, and those are only held once by their id).
 * @internal exported for its tests
 */
export function shareOfId(id: string): { version: string; mode: ShareMode; people: number; index: number } | null {
  const parts = id.split(SEPARATOR);
  if (parts.length !== 4) return null;
  const [version, mode, peopleText, indexText] = parts as [string, string, string, string];
  if (!version || !(SHARE_MODES as readonly string[]).includes(mode)) return null;
  if (!/^\d+$/.test(peopleText) || !/^\d+$/.test(indexText)) return null;
  const people = Number(peopleText);
  const index = Number(indexText);
  const fits =
    mode === 'full'
      ? people === 1 && index === 0
      : people >= SPLIT.minPeople && people <= SPLIT.maxPeople && index < people;
  return fits ? { version, mode: mode as ShareMode, people, index } : null;
}

/** Cents of a typed amount; NaN when it is not one. */
function typedCents(text: string): number {
  try {
    return toCents(text || '0');
  } catch {
    return Number.NaN;
  }
}

/** The shares of the chosen way of paying, in cents, or why there are none yet. */
export function billShares(bill: SharedBill, choice: ShareChoice): { shares: BillShare[]; error: string | null } {
  const { mode, people } = choice;
  const total = toCents(bill.total);
  const share = (index: number, amountCents: number, items: string[] = []): BillShare => ({
    id: shareId(bill.version, mode, people, index),
    person: mode === 'full' ? null : index,
    amountCents,
    items,
  });
  switch (mode) {
    case 'full':
      return { shares: [share(0, toCents(bill.left))], error: null };
    case 'even':
      return { shares: splitEvenly(total, people).map((cents, i) => share(i, cents)), error: null };
    case 'custom': {
      const amounts = Array.from({ length: people }, (_, i) => typedCents(choice.custom[i] ?? ''));
      if (amounts.some((a) => Number.isNaN(a))) return { shares: [], error: PAYMENT_MESSAGES.splitAmountNegative };
      const settled = settleCustomSplit(total, amounts);
      if (!settled.ok) return { shares: [], error: settled.reason };
      return { shares: settled.shares.map((cents, i) => share(i, cents)), error: null };
    }
    case 'items': {
      const extra = toCents(bill.tax) + toCents(bill.serviceCharge);
      const lines = bill.items.map((i) => ({ id: i.id, totalCents: toCents(i.totalPrice) }));
      const result = splitByItems(lines, choice.assignment, people, extra);
      if (!result.ok) return { shares: [], error: result.reason };
      const itemsOf = (person: number) =>
        bill.items.filter((item) => choice.assignment.get(item.id)?.includes(person)).map((item) => item.id);
      return { shares: result.shares.map((cents, i) => share(i, cents, itemsOf(i))), error: null };
    }
    default: {
      const never: never = mode;
      throw new Error(`Unknown way of paying ${String(never)}`);
    }
  }
}

/** The payment holding each share: paid, or taken and waiting (a failed or refunded one holds nothing). */
export function heldShares<P extends { splitId: string | null; status: string }>(
  payments: readonly P[],
): Map<string, P> {
  const held = new Map<string, P>();
  for (const p of payments) if (p.splitId !== null && holdsBill(p.status)) held.set(p.splitId, p);
  return held;
}

/**
 * Why the cloud refuses to take a share, as far as the share's id lets it judge: a share priced on
 * another version of the bill, or an even share of another amount than the rule gives it. A
 * custom or by-items share depends on what the other people chose, and the whole bill on what is
 * left when it is taken, so those are held only by their id and by what is left; so is any id this
 * rule did not make.
 */
export function shareProblem(
  bill: Pick<Bill, 'version' | 'total'>,
  split: { id: string; amountCents: number },
): { id: Extract<ErrorId, 'bill_changed' | 'split_amount_mismatch'>; message: string } | null {
  const share = shareOfId(split.id);
  if (!share) return null;
  if (share.version !== bill.version) return { id: 'bill_changed', message: PAYMENT_MESSAGES.billChanged };
  if (share.mode !== 'even') return null;
  const expected = splitEvenly(toCents(bill.total), share.people)[share.index] as number;
  if (split.amountCents === expected) return null;
  return {
    id: 'split_amount_mismatch',
    message: PAYMENT_MESSAGES.shareAmountMismatch(displayMoney(split.amountCents), displayMoney(expected)),
  };
}
