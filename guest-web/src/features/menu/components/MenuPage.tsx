// The guest menu (spec 3 sections 2 and 5): search, category tabs, dietary and allergen filters,
// the dish dialog, the cart and Place Order.
import {
  DIETARY_FILTERS,
  DIETARY_LABELS,
  type DietaryFilter,
  displayMoney,
  filterMenu,
  GUEST_TEXTS,
  hasDietaryFlag,
  MESSAGES,
  type MenuItem,
  menuAllergens,
  menuCategoryTabs,
  staleKeysFor,
  toCents,
  withQuery,
} from '@tablewise/shared';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useMemo, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { ApiError, failureText } from '../../../app/api-client.js';
import { BillLink } from '../../../app/BillLink.js';
import { useLiveEvents } from '../../../app/live.js';
import { NoSessionPage } from '../../../app/NoSessionPage.js';
import { storedSessionId } from '../../../app/storage.js';
import { useToast } from '../../../app/toast.js';
import { menuQueryOptions, useMenu } from '../api/menu.js';
import { usePlaceOrder } from '../api/place-order.js';
import { forgetOrderAttempt, orderAttempt, useCart } from '../cart.js';
import { CartDrawer } from './CartDrawer.js';
import { ItemDialog } from './ItemDialog.js';

export function MenuPage() {
  const [params] = useSearchParams();
  const sessionId = params.get('sessionId') ?? storedSessionId();
  const tableId = params.get('tableId');
  const navigate = useNavigate();
  const toast = useToast();
  const menu = useMenu(sessionId !== null);
  const cart = useCart(sessionId);
  const placeOrder = usePlaceOrder();
  const queryClient = useQueryClient();

  // A dish the kitchen ran out of leaves the menu, and a new photo appears, at once
  // (menu.item.updated); the 30 s poll is only the fallback.
  useLiveEvents(menu.data !== undefined && sessionId !== null, {
    onEvent: (event) => {
      for (const queryKey of staleKeysFor(event.type)) void queryClient.invalidateQueries({ queryKey });
    },
    onConnected: () => void queryClient.invalidateQueries({ queryKey: menuQueryOptions().queryKey }),
    onGiveUp: (message) => toast({ title: message, variant: 'destructive' }),
  });

  const [search, setSearch] = useState('');
  const [category, setCategory] = useState<string | null>(null);
  const [dietary, setDietary] = useState<DietaryFilter[]>([]);
  const [hiddenAllergens, setHiddenAllergens] = useState<string[]>([]);
  const [openItem, setOpenItem] = useState<MenuItem | null>(null);
  const [cartOpen, setCartOpen] = useState(false);

  const items = menu.data?.items ?? [];
  const tabs = useMemo(() => menuCategoryTabs(items), [items]);
  const allergens = useMemo(() => menuAllergens(items), [items]);
  const shown = useMemo(
    () => filterMenu(items, { search, category, dietary, hiddenAllergens }),
    [items, search, category, dietary, hiddenAllergens],
  );
  const cartCount = cart.entries.reduce((sum, e) => sum + e.line.quantity, 0);

  const toggle = <T,>(list: T[], value: T): T[] =>
    list.includes(value) ? list.filter((v) => v !== value) : [...list, value];

  const closeItem = useCallback(() => setOpenItem(null), []);
  const closeCart = useCallback(() => setCartOpen(false), []);

  const place = () => {
    if (!sessionId || cart.entries.length === 0 || placeOrder.isPending) return;
    const attempt = orderAttempt(sessionId, cart.entries);
    placeOrder.mutate(attempt, {
      onSuccess: (order) => {
        forgetOrderAttempt(sessionId);
        cart.clear();
        navigate(withQuery('/guest/order-status', { sessionId: order.sessionId }));
      },
      onError: (error) => {
        // The cloud answered and refused: that answer is final for this key, so a retry (after
        // the guest fixes the cart, say) must be a new attempt. With no answer, or a server
        // error, the order may exist: the attempt stays, to be resent as it is.
        if (error instanceof ApiError && error.status < 500) forgetOrderAttempt(sessionId);
        toast({
          title: MESSAGES.orderFailedTitle,
          description: failureText(error, MESSAGES.orderFailed),
          variant: 'destructive',
        });
      },
    });
  };

  // No dining session on this phone, or one the cloud does not know (the menu is a seated guest's):
  // say so, with the way to check in, not the call's refusal.
  if (!sessionId || (menu.error instanceof ApiError && menu.error.status === 401)) {
    return <NoSessionPage title={MESSAGES.guestSessionRequired} hint={GUEST_TEXTS.noSessionMenu} />;
  }

  return (
    <main className="page page-menu">
      <header className="page-header">
        <div className="page-title-row">
          <h1>{GUEST_TEXTS.menuTitle}</h1>
          <BillLink sessionId={sessionId} tableId={tableId} block={false} />
        </div>
        <input
          className="search"
          type="search"
          data-testid="menu-search"
          aria-label={GUEST_TEXTS.searchPlaceholder}
          placeholder={GUEST_TEXTS.searchPlaceholder}
          value={search}
          onChange={(e) => setSearch(e.target.value)}
        />
        <div className="tabs" role="tablist">
          {[null, ...tabs].map((tab) => (
            <button
              key={tab ?? '__all'}
              type="button"
              role="tab"
              data-testid="category-tab"
              aria-selected={category === tab}
              className={category === tab ? 'tab tab-active' : 'tab'}
              onClick={() => setCategory(tab)}
            >
              {tab ?? GUEST_TEXTS.allCategories}
            </button>
          ))}
        </div>
        <div className="chips">
          {DIETARY_FILTERS.map((filter) => (
            <button
              key={filter}
              type="button"
              className={dietary.includes(filter) ? 'chip chip-on' : 'chip'}
              aria-pressed={dietary.includes(filter)}
              data-testid={`dietary-${filter}`}
              onClick={() => setDietary((d) => toggle(d, filter))}
            >
              {DIETARY_LABELS[filter]}
            </button>
          ))}
        </div>
        {allergens.length > 0 ? (
          <fieldset className="chips allergens">
            <legend className="small muted">{GUEST_TEXTS.hideAllergens}</legend>
            {allergens.map((allergen) => (
              <label key={allergen} className={hiddenAllergens.includes(allergen) ? 'chip chip-off' : 'chip'}>
                <input
                  type="checkbox"
                  data-testid="hide-allergen"
                  checked={hiddenAllergens.includes(allergen)}
                  onChange={() => setHiddenAllergens((a) => toggle(a, allergen))}
                />
                {allergen}
              </label>
            ))}
          </fieldset>
        ) : null}
      </header>

      {menu.isPending ? <p role="status">{GUEST_TEXTS.loadingMenu}</p> : null}
      {menu.isError ? (
        <p className="error-text" role="alert">
          {failureText(menu.error, GUEST_TEXTS.menuLoadFailed)}
        </p>
      ) : null}
      {menu.isSuccess && shown.length === 0 ? <p className="muted">{GUEST_TEXTS.noItems}</p> : null}

      <ul className="menu-grid">
        {shown.map((item) => (
          <li key={item.id} className="menu-card" data-testid="menu-item" data-name={item.name}>
            <button type="button" className="menu-card-button" onClick={() => setOpenItem(item)}>
              {item.imageUrl ? <img src={item.imageUrl} alt="" loading="lazy" className="menu-card-image" /> : null}
              <span className="menu-card-top">
                <strong className="menu-card-name">{item.name}</strong>
                <span className="price">{displayMoney(toCents(item.price))}</span>
              </span>
              {item.description ? <span className="muted small">{item.description}</span> : null}
              <span className="badges">
                {item.isPopular ? <span className="badge badge-popular">{GUEST_TEXTS.popular}</span> : null}
                {DIETARY_FILTERS.filter((f) => hasDietaryFlag(item, f)).map((f) => (
                  <span key={f} className="badge" data-testid="dietary-badge">
                    {DIETARY_LABELS[f]}
                  </span>
                ))}
              </span>
              {item.allergens.length > 0 ? (
                <span className="muted small">{GUEST_TEXTS.contains(item.allergens.join(', '))}</span>
              ) : null}
            </button>
          </li>
        ))}
      </ul>

      <div className="cart-bar">
        <button
          type="button"
          className="button button-primary button-block"
          data-testid="open-cart"
          onClick={() => setCartOpen(true)}
        >
          {GUEST_TEXTS.openCart(cartCount)}
        </button>
      </div>

      {openItem ? (
        <ItemDialog
          key={openItem.id}
          item={openItem}
          onClose={closeItem}
          onAdd={(line) => {
            cart.add(openItem.name, line);
            setOpenItem(null);
          }}
        />
      ) : null}
      {cartOpen ? (
        <CartDrawer
          entries={cart.entries}
          menu={items}
          canOrder={Boolean(sessionId)}
          placing={placeOrder.isPending}
          onQuantity={cart.setQuantity}
          onRemove={cart.removeLine}
          onPlace={place}
          onClose={closeCart}
        />
      ) : null}
    </main>
  );
}
