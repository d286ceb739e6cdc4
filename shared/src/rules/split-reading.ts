// How the splits a client sends relate to the tip beside them (issue 23). The spec's payment screen
// divides the total with the tip among the people, and sends tipAmount and totalAmount beside them;
// our guest site sends shares of the bill with the tip on top. Both are read, decided by the sums
// within the spec's 0.01 tolerance (spec 3 section 9); anything else is refused, naming both figures.
import { PAYMENT_MESSAGES } from '../messages.js';
import { displayMoney } from './money.js';

/** One split as charged: its share of the bill and the tip it carries, in cents. */
export interface SplitCharge {
  amountCents: number;
  tipCents: number;
}

export type SplitReading =
  | { ok: true; reading: 'tip-on-top' | 'tip-included'; charges: SplitCharge[] }
  | { ok: false; message: string };

const TOLERANCE_CENTS = 1;

/** Shares `total` in proportion to `weights`, largest remainders first, so they add up exactly. */
function proportional(total: number, weights: readonly number[]): number[] {
  const sum = weights.reduce((s, w) => s + w, 0);
  if (sum === 0) return weights.map(() => 0);
  const exact = weights.map((w) => (total * w) / sum);
  const shares = exact.map(Math.floor);
  let rest = total - shares.reduce((s, v) => s + v, 0);
  const order = exact.map((e, i) => ({ i, r: e - Math.floor(e) })).sort((a, b) => b.r - a.r || a.i - b.i);
  for (const { i } of order) {
    if (rest <= 0) break;
    shares[i] = (shares[i] as number) + 1;
    rest -= 1;
  }
  return shares;
}

/**
 * Reads splits of `amounts` (cents, each above 0) with a tip of `tipCents` against `leftCents`
 * still owed. Splits that add up to at most what is left (a cent over counts as the tip's) pay that
 * share with the tip on top, on the first split. Splits that add up to what is left plus the tip
 * (within a cent) include it: what is left is shared among them in proportion, the rest is tip.
 */
export function readSplits(amounts: readonly number[], tipCents: number, leftCents: number): SplitReading {
  const sum = amounts.reduce((s, a) => s + a, 0);
  // A cent over is a rounding of the bill among people: only with several splits, the last still paying.
  const last = amounts.at(-1) ?? 0;
  const rounding = amounts.length > 1 && leftCents > 0 && last > TOLERANCE_CENTS ? TOLERANCE_CENTS : 0;
  if (sum <= leftCents + rounding) {
    const over = Math.max(0, sum - leftCents);
    const charges = amounts.map((amountCents, i) => ({
      amountCents: i === amounts.length - 1 ? amountCents - over : amountCents,
      tipCents: i === 0 ? tipCents : 0,
    }));
    if (over > 0) (charges[0] as SplitCharge).tipCents += over;
    return { ok: true, reading: 'tip-on-top', charges };
  }
  if (tipCents > 0 && Math.abs(sum - (leftCents + tipCents)) <= TOLERANCE_CENTS) {
    const bill = proportional(leftCents, amounts);
    return {
      ok: true,
      reading: 'tip-included',
      charges: amounts.map((a, i) => ({ amountCents: bill[i] as number, tipCents: a - (bill[i] as number) })),
    };
  }
  if (tipCents === 0) {
    return { ok: false, message: PAYMENT_MESSAGES.paymentExceedsBill(displayMoney(sum), displayMoney(leftCents)) };
  }
  return {
    ok: false,
    message: PAYMENT_MESSAGES.splitsMatchNeither(
      displayMoney(sum),
      displayMoney(leftCents),
      displayMoney(leftCents + tipCents),
    ),
  };
}
