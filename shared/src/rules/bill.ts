// A dining session's bill (spec 3 sections 2, 5 and 9; issue 11): every order's lines, the tax
// rounded once on the whole subtotal, the venue's service charge, what is paid and what is left.
// All arithmetic in integer cents; one builder for the cloud, the terminal and the guest screen.
import { SPLIT, TAX_RATE_BASIS_POINTS } from '../constants.js';
import { MESSAGES, PAYMENT_MESSAGES } from '../messages.js';
import { displayMoney, divRoundHalfUp, splitEvenly, taxCents } from './money.js';

export interface BillLineFacts {
  id: string;
  orderId: string;
  name: string;
  quantity: number;
  totalCents: number;
}

export interface BillPaymentFacts {
  status: string;
  amountCents: number;
}

export interface BillTotalsCents {
  subtotal: number;
  tax: number;
  serviceCharge: number;
  total: number;
  /** Paid: completed payments. */
  paid: number;
  /** Taken but not yet confirmed (cash waiting for staff, a card waiting for its provider). */
  pending: number;
  /** What is still to be paid: total less paid and pending, never below 0. */
  left: number;
}

/** Payments that hold part of the bill: a failed or refunded one holds nothing. */
export function holdsBill(status: string): boolean {
  return status === 'COMPLETED' || status === 'PENDING' || status === 'PROCESSING';
}

/**
 * The service charge in cents: basis points of the subtotal, rounded half up.
 * @internal exported for its tests
 */
export function serviceChargeCents(subtotalCents: number, serviceChargeBps: number): number {
  return divRoundHalfUp(subtotalCents * serviceChargeBps, 10_000);
}

/** The bill's totals from its lines and payments, computed once. */
export function billCents(
  lines: readonly BillLineFacts[],
  serviceChargeBps: number,
  payments: readonly BillPaymentFacts[],
  taxRateBps: number = TAX_RATE_BASIS_POINTS,
): BillTotalsCents {
  const subtotal = lines.reduce((sum, l) => sum + l.totalCents, 0);
  const tax = taxCents(subtotal, taxRateBps);
  const serviceCharge = serviceChargeCents(subtotal, serviceChargeBps);
  const total = subtotal + tax + serviceCharge;
  let paid = 0;
  let pending = 0;
  for (const p of payments) {
    if (p.status === 'COMPLETED') paid += p.amountCents;
    else if (holdsBill(p.status)) pending += p.amountCents;
  }
  return { subtotal, tax, serviceCharge, total, paid, pending, left: Math.max(0, total - paid - pending) };
}

/**
 * The bill's version: changes whenever what is owed changes (a late order, a venue's new service
 * charge). A client pays against the version it saw; a stale one is refused and re-priced.
 */
export function billVersion(orderCount: number, totals: Pick<BillTotalsCents, 'subtotal' | 'total'>): string {
  return `${orderCount}.${totals.subtotal}.${totals.total}`;
}

// ---- Splits (spec 3 sections 5 and 9) ----

/**
 * Spreads `extraCents` (tax and service) over shares in proportion to them, largest remainder
 * first, so the result adds up exactly and no share goes negative.
 */
function spreadProportionally(shares: readonly number[], extraCents: number): number[] {
  const base = shares.reduce((s, v) => s + v, 0);
  if (base === 0) return splitEvenly(extraCents, Math.max(SPLIT.minPeople, shares.length)).slice(0, shares.length);
  const exact = shares.map((s) => (s * extraCents) / base);
  const floors = exact.map((e) => Math.floor(e));
  let leftover = extraCents - floors.reduce((s, v) => s + v, 0);
  const order = exact.map((e, i) => ({ i, r: e - Math.floor(e) })).sort((a, b) => b.r - a.r || a.i - b.i);
  for (const { i } of order) {
    if (leftover <= 0) break;
    floors[i] = (floors[i] as number) + 1;
    leftover -= 1;
  }
  return shares.map((s, i) => s + (floors[i] as number));
}

/**
 * A split by items: each line goes to the people who had it (a shared line is divided between
 * them to the cent); tax and service follow each person's part of the subtotal. The shares add up
 * to the bill's total exactly. Every line must be assigned to at least one person.
 */
export function splitByItems(
  lines: readonly Pick<BillLineFacts, 'id' | 'totalCents'>[],
  assignment: ReadonlyMap<string, readonly number[]>,
  people: number,
  extraCents: number,
): { ok: true; shares: number[] } | { ok: false; reason: string } {
  if (!Number.isInteger(people) || people < SPLIT.minPeople || people > SPLIT.maxPeople) {
    return { ok: false, reason: MESSAGES.splitPeopleRange(SPLIT.minPeople, SPLIT.maxPeople) };
  }
  const subtotals = Array.from({ length: people }, () => 0);
  for (const line of lines) {
    const who = [...new Set(assignment.get(line.id) ?? [])].filter((p) => p >= 0 && p < people).sort((a, b) => a - b);
    if (who.length === 0) return { ok: false, reason: PAYMENT_MESSAGES.splitItemUnassigned };
    const base = Math.floor(line.totalCents / who.length);
    let leftover = line.totalCents - base * who.length;
    for (const p of who) {
      subtotals[p] = (subtotals[p] as number) + base + (leftover > 0 ? 1 : 0);
      leftover -= 1;
    }
  }
  return { ok: true, shares: spreadProportionally(subtotals, extraCents) };
}

/**
 * Custom amounts: they must match the total within 0.01 (spec 3 section 5); the last share takes
 * the cent of difference so what is charged adds up exactly.
 */
export function settleCustomSplit(
  totalCents: number,
  amounts: readonly number[],
): { ok: true; shares: number[] } | { ok: false; reason: string } {
  if (amounts.length < SPLIT.minPeople || amounts.length > SPLIT.maxPeople) {
    return { ok: false, reason: MESSAGES.splitPeopleRange(SPLIT.minPeople, SPLIT.maxPeople) };
  }
  if (amounts.some((a) => !Number.isInteger(a) || a < 0))
    return { ok: false, reason: PAYMENT_MESSAGES.splitAmountNegative };
  const sum = amounts.reduce((s, a) => s + a, 0);
  if (Math.abs(sum - totalCents) > SPLIT.toleranceCents) {
    return { ok: false, reason: MESSAGES.splitTotalMismatch(displayMoney(sum), displayMoney(totalCents)) };
  }
  const shares = [...amounts];
  const lastIndex = shares.length - 1;
  shares[lastIndex] = (shares[lastIndex] as number) + (totalCents - sum);
  if ((shares[lastIndex] as number) < 0) return { ok: false, reason: PAYMENT_MESSAGES.splitAmountNegative };
  return { ok: true, shares };
}
