// Money is integer cents in all arithmetic; decimal strings only on the wire and in the database.
import { TAX_RATE_BASIS_POINTS } from '../constants.js';

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

/** Divide and round half up (away from zero for the half), in integers. */
export function divRoundHalfUp(numerator: number, denominator: number): number {
  const sign = Math.sign(numerator) * Math.sign(denominator);
  const n = Math.abs(numerator);
  const d = Math.abs(denominator);
  return sign * Math.floor((2 * n + d) / (2 * d));
}

/** Tax of 8.75 % on a bill's subtotal, rounded once per bill, half up. */
export function taxCents(subtotalCents: number): number {
  return divRoundHalfUp(subtotalCents * TAX_RATE_BASIS_POINTS, 10_000);
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

/** Subtotal of the lines, tax rounded once on it, and the total, all in cents. */
export function billTotals(lines: readonly PricedLine[]): BillTotals {
  const subtotal = lines.reduce((sum, line) => sum + lineCents(line).total, 0);
  const tax = taxCents(subtotal);
  return { subtotal, tax, total: subtotal + tax };
}
