// The cart drawer: each line with its quantity, the subtotal, tax (8.75 %, once on the subtotal)
// and total, all computed in cents by the shared money rules, and Place Order.
import { COURSE_LABELS, cartBill, displayMoney, GUEST_TEXTS, type MenuItem } from '@tablewise/shared';
import { Sheet } from '../../../app/Sheet.js';
import type { CartEntry } from '../cart.js';

export function CartDrawer({
  entries,
  menu,
  canOrder,
  placing,
  onQuantity,
  onRemove,
  onPlace,
  onClose,
}: {
  entries: readonly CartEntry[];
  menu: readonly MenuItem[];
  /** A dining session is known; without one nothing can be ordered. */
  canOrder: boolean;
  placing: boolean;
  onQuantity: (key: string, quantity: number) => void;
  onRemove: (key: string) => void;
  onPlace: () => void;
  onClose: () => void;
}) {
  // A line whose dish or option left the menu since it was added has no price; it is shown
  // flagged and left out of the totals (the cloud would refuse it anyway).
  const { lineTotals, totals } = cartBill(
    entries.map((e) => e.line),
    menu,
  );

  return (
    <Sheet title={GUEST_TEXTS.cartTitle} testId="cart" onClose={onClose}>
      {entries.length === 0 ? <p className="muted">{GUEST_TEXTS.cartEmpty}</p> : null}
      <ul className="cart-lines">
        {entries.map((entry, index) => {
          const item = menu.find((m) => m.id === entry.line.menuItemId);
          const lineTotal = lineTotals[index] ?? null;
          const chosen = item
            ? entry.line.modifiers.flatMap((m) => {
                const group = item.modifiersSchema.find((g) => g.id === m.groupId);
                return m.optionIds.map((id) => group?.options.find((o) => o.id === id)?.name ?? id);
              })
            : [];
          return (
            <li key={entry.key} className="cart-line" data-testid="cart-line" data-name={entry.name}>
              <div className="cart-line-main">
                <strong>{entry.name}</strong>
                <span className="muted small">{[COURSE_LABELS[entry.line.course], ...chosen].join(' · ')}</span>
                {entry.line.specialInstructions ? (
                  <span className="muted small">“{entry.line.specialInstructions}”</span>
                ) : null}
                {lineTotal === null ? <span className="error-text small">{GUEST_TEXTS.itemUnavailable}</span> : null}
              </div>
              <div className="cart-line-side">
                <span data-testid="cart-line-total">{lineTotal === null ? '—' : displayMoney(lineTotal)}</span>
                <div className="stepper">
                  <button
                    type="button"
                    className="icon-button"
                    aria-label={GUEST_TEXTS.decrease}
                    disabled={entry.line.quantity <= 1}
                    onClick={() => onQuantity(entry.key, entry.line.quantity - 1)}
                  >
                    −
                  </button>
                  <span data-testid="cart-line-quantity" aria-live="polite">
                    {entry.line.quantity}
                  </span>
                  <button
                    type="button"
                    className="icon-button"
                    aria-label={GUEST_TEXTS.increase}
                    onClick={() => onQuantity(entry.key, entry.line.quantity + 1)}
                  >
                    +
                  </button>
                </div>
                <button type="button" className="link-button" onClick={() => onRemove(entry.key)}>
                  {GUEST_TEXTS.remove}
                </button>
              </div>
            </li>
          );
        })}
      </ul>
      <dl className="totals">
        <dt>{GUEST_TEXTS.subtotal}</dt>
        <dd data-testid="cart-subtotal">{displayMoney(totals.subtotal)}</dd>
        <dt>{GUEST_TEXTS.tax}</dt>
        <dd data-testid="cart-tax">{displayMoney(totals.tax)}</dd>
        <dt className="total">{GUEST_TEXTS.total}</dt>
        <dd className="total" data-testid="cart-total">
          {displayMoney(totals.total)}
        </dd>
      </dl>
      {canOrder ? null : <p className="muted">{GUEST_TEXTS.noSession}</p>}
      <button
        type="button"
        className="button button-primary button-block"
        data-testid="place-order"
        disabled={entries.length === 0 || !canOrder || placing}
        onClick={onPlace}
      >
        {placing ? GUEST_TEXTS.placingOrder : GUEST_TEXTS.placeOrder}
      </button>
    </Sheet>
  );
}
