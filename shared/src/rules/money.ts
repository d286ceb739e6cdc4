// Money is integer cents in all arithmetic; decimal strings only on the wire and in the database.
import {
  DEFAULT_TIP_PERCENT,
  SPLIT,
  TAX_RATE_BASIS_POINTS,
  TIP_LIMIT,
  TIP_PRESETS,
  type TipPresetPercent,
} from '../constants.js';
import { MESSAGES } from '../messages.js';

/** "12.5" or "12.50" → 1250, exactly (no floating point). Throws on anything else. */
export function toCents(amount: string): number {
  const match = /^(-?)(\d+)(?:\.(\d{1,2}))?$/.exec(amount.trim());
  if (!match) throw new Error(`Not an amount of money: ${JSON.stringify(amount)}`);
  const [, sign, whole, fraction = ''] = match;
  const cents = Number(whole) * 100 + Number(fraction.padEnd(2, '0'));
  if (!Number.isSafeInteger(cents)) throw new Error(`Amount out of range: ${amount}`);
  return sign === '-' ? -cents : cents;
}

/** 1250 → "12.50". */
export function formatCents(cents: number): string {
  if (!Number.isInteger(cents)) throw new Error(`Cents must be an integer, got ${cents}`);
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(cents);
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

/** 1250 → "$12.50", for screens and paper. */
export function displayMoney(cents: number): string {
  const text = formatCents(Math.abs(cents));
  return `${cents < 0 ? '-' : ''}$${text}`;
}

/**
 * Divide and round half up (away from zero for the half), in integers.
 */
export function divRoundHalfUp(numerator: number, denominator: number): number {
  const sign = Math.sign(numerator) * Math.sign(denominator);
  const n = Math.abs(numerator);
  const d = Math.abs(denominator);
  return sign * Math.floor((2 * n + d) / (2 * d));
}

/**
 * Tax on a bill's subtotal at the venue's rate (basis points; 8.75 % by default, spec 1 section 9),
 * rounded once per bill, half up.
 */
export function taxCents(subtotalCents: number, taxRateBps: number = TAX_RATE_BASIS_POINTS): number {
  return divRoundHalfUp(subtotalCents * taxRateBps, 10_000);
}

/** A tax rate in basis points as the bill shows it: 875 → '8.75', 800 → '8'. */
export function taxRatePercentText(taxRateBps: number): string {
  return (taxRateBps / 100).toFixed(2).replace(/\.?0+$/, '');
}

export interface PricedLine {
  unitPriceCents: number;
  modifierPriceCents: readonly number[];
  quantity: number;
}

/** The price of one unit with its modifiers, and of the line. */
export function lineCents(line: PricedLine): { unit: number; total: number } {
  if (!Number.isInteger(line.quantity) || line.quantity < 1) {
    throw new Error(`Quantity must be a whole number of at least 1, got ${line.quantity}`);
  }
  const unit = line.unitPriceCents + line.modifierPriceCents.reduce((sum, p) => sum + p, 0);
  return { unit, total: unit * line.quantity };
}

export interface BillTotals {
  subtotal: number;
  tax: number;
  total: number;
}

/** Subtotal of the lines' totals, tax rounded once on it, and the total, all in cents. */
export function billTotals(lineTotalsCents: readonly number[], taxRateBps: number = TAX_RATE_BASIS_POINTS): BillTotals {
  const subtotal = lineTotalsCents.reduce((sum, cents) => sum + cents, 0);
  const tax = taxCents(subtotal, taxRateBps);
  return { subtotal, tax, total: subtotal + tax };
}

// ---- Tips (spec 3 sections 5 and 9) ----

/** The guest's tip choice: a preset percentage, or a custom amount with the percentage at 0. */
export interface TipChoice {
  percent: number;
  customCents: number | null;
}

export const DEFAULT_TIP_CHOICE: TipChoice = { percent: DEFAULT_TIP_PERCENT, customCents: null };

/** Choosing a preset clears the custom amount. */
export function choosePresetTip(percent: TipPresetPercent): TipChoice {
  if (!TIP_PRESETS.some((p) => p.percent === percent)) throw new Error(`Not a tip preset: ${percent}`);
  return { percent, customCents: null };
}

/** A custom tip sets the percentage to 0. */
export function chooseCustomTip(cents: number): TipChoice {
  if (!Number.isInteger(cents)) throw new Error(`Cents must be an integer, got ${cents}`);
  if (cents < 0) throw new Error(MESSAGES.tipNegative);
  return { percent: 0, customCents: cents };
}

/** The largest tip in cents a payment on a bill of `billTotalCents` takes (TIP_LIMIT). */
function maxTipCents(billTotalCents: number): number {
  return Math.max(TIP_LIMIT.floorCents, divRoundHalfUp(billTotalCents * TIP_LIMIT.ofBillPercent, 100));
}

/** Why a tip is refused on a bill of `billTotalCents`, or null when it is taken. */
export function tipProblem(tip: number, billTotalCents: number): string | null {
  if (tip < 0) return MESSAGES.tipNegative;
  const max = maxTipCents(billTotalCents);
  return tip > max ? MESSAGES.tipTooLarge(displayMoney(max)) : null;
}

/** Tip in cents: a percentage of the subtotal (not of the taxed total), rounded half up. */
export function tipCents(subtotalCents: number, choice: TipChoice): number {
  if (choice.customCents !== null) return choice.customCents;
  return divRoundHalfUp(subtotalCents * choice.percent, 100);
}

// ---- Splits (spec 3 sections 5 and 9) ----

function assertSplitPeople(people: number): void {
  if (!Number.isInteger(people) || people < SPLIT.minPeople || people > SPLIT.maxPeople) {
    throw new Error(MESSAGES.splitPeopleRange(SPLIT.minPeople, SPLIT.maxPeople));
  }
}

/** Shares of an even split that add up to the total to the cent; the first people carry the
 * leftover cents, so shares differ by at most one cent. */
export function splitEvenly(totalCents: number, people: number): number[] {
  assertSplitPeople(people);
  if (!Number.isInteger(totalCents) || totalCents < 0) {
    throw new Error(`Total must be a whole number of cents of at least 0, got ${totalCents}`);
  }
  const base = Math.floor(totalCents / people);
  const leftover = totalCents - base * people;
  return Array.from({ length: people }, (_, i) => base + (i < leftover ? 1 : 0));
}

export interface SplitShare {
  amountCents: number;
  paid: boolean;
}

export type SplitCheck = { ok: true } | { ok: false; reason: string };

/** A payment may complete when its shares match the bill within 0.01 and everyone has paid. */
export function checkSplit(totalCents: number, shares: readonly SplitShare[]): SplitCheck {
  // One share is paying in full; more than one is a split among 2 to 10 people.
  if (shares.length === 0 || shares.length > SPLIT.maxPeople) {
    return { ok: false, reason: MESSAGES.splitPeopleRange(SPLIT.minPeople, SPLIT.maxPeople) };
  }
  const sum = shares.reduce((s, share) => s + share.amountCents, 0);
  if (Math.abs(sum - totalCents) > SPLIT.toleranceCents) {
    return { ok: false, reason: MESSAGES.splitTotalMismatch(displayMoney(sum), displayMoney(totalCents)) };
  }
  if (shares.some((share) => !share.paid)) return { ok: false, reason: MESSAGES.splitUnpaid };
  return { ok: true };
}

/** The bill the guest pays: subtotal, tax, tip and total in cents. */
export function guestBill(
  subtotalCents: number,
  choice: TipChoice,
  taxRateBps: number = TAX_RATE_BASIS_POINTS,
): BillTotals & { tip: number; grandTotal: number } {
  const tax = taxCents(subtotalCents, taxRateBps);
  const tip = tipCents(subtotalCents, choice);
  const total = subtotalCents + tax;
  return { subtotal: subtotalCents, tax, total, tip, grandTotal: total + tip };
}
