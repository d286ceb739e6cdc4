// Order status (/guest/order-status?sessionId=): every order of the dining session, whoever placed
// it, and where each dish is, updated live as the kitchen and runners move it. Held dishes say
// when their course fires. The bill is one tap away (View bill and pay), as is ordering more.
import {
  COURSE_LABELS,
  displayMoney,
  GUEST_TEXTS,
  isHeld,
  MESSAGES,
  ORDER_STATUS_LABELS,
  type Order,
  staleKeysFor,
  toCents,
  withQuery,
} from '@tablewise/shared';
import { useQueryClient } from '@tanstack/react-query';
import { Link, useSearchParams } from 'react-router-dom';
import { ApiError, failureText } from '../../../app/api-client.js';
import { BillLink } from '../../../app/BillLink.js';
import { useLiveEvents } from '../../../app/live.js';
import { storedSessionId } from '../../../app/storage.js';
import { useToast } from '../../../app/toast.js';
import { useSessionClock } from '../../../app/venue-clock.js';
import { guestOrdersQueryOptions, useGuestOrders } from '../api/guest-orders.js';

export function OrderStatusPage() {
  const [params] = useSearchParams();
  const sessionId = params.get('sessionId') ?? storedSessionId();
  const queryClient = useQueryClient();
  const toast = useToast();
  const orders = useGuestOrders(Boolean(sessionId));
  // Once read, the list stays on screen: a later read that fails leaves it as it was.
  const read = orders.data !== undefined;
  const list = orders.data ?? [];

  // Every order of the session shows, whoever placed it (this phone, another, a server), and
  // stays current: on each (re)connection the list is read again, then each change re-reads what
  // its call modules say it makes stale (the orders among them).
  const refresh = () => queryClient.invalidateQueries({ queryKey: guestOrdersQueryOptions().queryKey });
  const live = useLiveEvents(read, {
    onEvent: (event) => {
      for (const queryKey of staleKeysFor(event.type)) void queryClient.invalidateQueries({ queryKey });
    },
    onConnected: () => void refresh(),
    onGiveUp: (message) => toast({ title: message, variant: 'destructive' }),
  });

  // "Not found" only from a read that is current: a list cached before an order was placed is
  // being read again and may not be empty any more.
  const noOrders = read && !orders.isFetching && list.length === 0;
  if (!sessionId || (orders.isError && !read) || noOrders) {
    return (
      <main className="page page-center" data-testid="order-not-found">
        <h1>{GUEST_TEXTS.orderNotFound}</h1>
        <p className="muted">{notFoundHint(sessionId, orders.error)}</p>
        <Link className="button button-primary" to={withQuery('/guest/menu', { sessionId })}>
          {GUEST_TEXTS.orderMore}
        </Link>
      </main>
    );
  }

  const tableId = list.find((o) => o.tableId)?.tableId ?? null;
  return (
    <main className="page" data-testid="order-status" aria-busy={!read}>
      <header className="page-header">
        <h1>{GUEST_TEXTS.orderStatusTitle}</h1>
        {live === 'reconnecting' ? (
          <p className="muted small" role="status">
            {GUEST_TEXTS.liveOffline}
          </p>
        ) : null}
        {live === 'failed' ? (
          <p className="error-text small" role="alert">
            {MESSAGES.liveReconnectFailed}
          </p>
        ) : null}
      </header>
      {list.map((order) => (
        <OrderCard key={order.id} order={order} />
      ))}
      {read ? (
        <>
          <BillLink sessionId={sessionId} tableId={tableId} primary />
          <Link className="button button-block" to={withQuery('/guest/menu', { tableId, sessionId })}>
            {GUEST_TEXTS.orderMore}
          </Link>
        </>
      ) : null}
    </main>
  );
}

/** Why no orders show: no session on this phone (or the cloud does not know it), or the cloud's words. */
function notFoundHint(sessionId: string | null, error: Error | null): string {
  if (!sessionId || (error instanceof ApiError && error.status === 401)) return MESSAGES.sessionNotFound;
  if (error) return failureText(error, MESSAGES.sessionNotFound);
  return GUEST_TEXTS.orderNotFoundHint;
}

function OrderCard({ order }: { order: Order }) {
  const clock = useSessionClock();
  return (
    <section className="card" data-testid="order" data-order-id={order.id}>
      <h2 className="card-title">
        {GUEST_TEXTS.orderPlaced} · {clock(order.createdAt)}
        {order.tableName ? ` · ${order.tableName}` : ''}
      </h2>
      <ul className="order-lines">
        {order.items.map((item) => (
          <li key={item.id} className="order-line" data-testid="order-line" data-status={item.status}>
            <div className="order-line-main">
              <strong>
                {item.quantity} × {item.menuItemName}
              </strong>
              <span className="muted small">
                {[COURSE_LABELS[item.course], ...item.modifiers.map((m) => m.optionName)].join(' · ')}
              </span>
              {isHeld(item.status) ? (
                <span className="muted small" data-testid="fire-time">
                  {GUEST_TEXTS.firesAt(clock(item.fireAt))}
                </span>
              ) : null}
            </div>
            <span className={`status status-${item.status.toLowerCase()}`} data-testid="order-line-status">
              {ORDER_STATUS_LABELS[item.status]}
            </span>
          </li>
        ))}
      </ul>
      <dl className="totals">
        <dt>{GUEST_TEXTS.subtotal}</dt>
        <dd>{displayMoney(toCents(order.subtotal))}</dd>
        <dt>{GUEST_TEXTS.tax}</dt>
        <dd>{displayMoney(toCents(order.tax))}</dd>
        <dt className="total">{GUEST_TEXTS.total}</dt>
        <dd className="total" data-testid="order-total">
          {displayMoney(toCents(order.total))}
        </dd>
      </dl>
    </section>
  );
}
