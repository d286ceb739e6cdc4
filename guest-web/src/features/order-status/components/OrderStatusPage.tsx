// Order status (/guest/order-status?sessionId=): what the guest ordered and where each dish is,
// updated live as the kitchen and runners move it. Held dishes say when their course fires.
import {
  COURSE_LABELS,
  displayMoney,
  GUEST_TEXTS,
  isHeld,
  type LiveEvent,
  MESSAGES,
  ORDER_STATUS_LABELS,
  type Order,
  toCents,
  withQuery,
} from '@tablewise/shared';
import { useQueryClient } from '@tanstack/react-query';
import { Link, useSearchParams } from 'react-router-dom';
import { patchOrderItem } from '../../../app/guest-orders.js';
import { useLiveEvents } from '../../../app/live.js';
import { STORAGE_KEYS, storedSessionId } from '../../../app/storage.js';
import { useToast } from '../../../app/toast.js';
import { useGuestOrders } from '../api/guest-orders.js';

const timeFormat = new Intl.DateTimeFormat(undefined, { hour: 'numeric', minute: '2-digit' });

export function OrderStatusPage() {
  const [params] = useSearchParams();
  const sessionId = params.get('sessionId') ?? storedSessionId();
  const queryClient = useQueryClient();
  const toast = useToast();
  const orders = useGuestOrders(sessionId);
  const list = orders.data ?? [];

  const live = useLiveEvents(
    Boolean(sessionId) && list.length > 0,
    (event: LiveEvent) => {
      if (event.type === 'order.item.status.changed' && sessionId) patchOrderItem(queryClient, sessionId, event.item);
    },
    (message) => toast({ title: message, variant: 'destructive' }),
    sessionId ? STORAGE_KEYS.liveCursor(sessionId) : undefined,
  );

  if (!sessionId || (orders.isSuccess && list.length === 0)) {
    return (
      <main className="page page-center" data-testid="order-not-found">
        <h1>{GUEST_TEXTS.orderNotFound}</h1>
        <p className="muted">{sessionId ? GUEST_TEXTS.orderNotFoundHint : MESSAGES.sessionNotFound}</p>
        <Link className="button button-primary" to={withQuery('/guest/menu', { sessionId })}>
          {GUEST_TEXTS.orderMore}
        </Link>
      </main>
    );
  }

  const tableId = list.find((o) => o.tableId)?.tableId ?? null;
  return (
    <main className="page" data-testid="order-status">
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
      <Link className="button button-block" to={withQuery('/guest/menu', { tableId, sessionId })}>
        {GUEST_TEXTS.orderMore}
      </Link>
    </main>
  );
}

function OrderCard({ order }: { order: Order }) {
  return (
    <section className="card" data-testid="order" data-order-id={order.id}>
      <h2 className="card-title">
        {GUEST_TEXTS.orderPlaced} · {timeFormat.format(new Date(order.createdAt))}
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
                  {GUEST_TEXTS.firesAt(timeFormat.format(new Date(item.fireAt)))}
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
