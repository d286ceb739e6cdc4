import {
  expoOrders,
  KITCHEN_FLOW_TEXTS,
  KITCHEN_TEXTS,
  type KitchenItem,
  ORDER_STATUS_LABELS,
} from '@tablewise/shared';
import { useRunnerOrders } from '../api/get-runner-orders.js';
import { useSendToExpo } from '../api/send-to-expo.js';

/** Orders whose every item is ready: the pass. Send to Runner hands one to the runners. */
export function ExpoView({ items }: { items: readonly KitchenItem[] }) {
  const orders = expoOrders(items);
  const send = useSendToExpo();
  const runnerOrders = useRunnerOrders();
  const sent = new Set((runnerOrders.data ?? []).map((o) => o.id));
  if (orders.length === 0) return <p className="empty">{KITCHEN_TEXTS.noExpoOrders}</p>;
  return (
    <div className="card-grid">
      {orders.map((order) => {
        const withRunners = sent.has(order.orderId);
        return (
          <article
            key={order.orderId}
            className={`expo-card ${withRunners ? 'sent' : ''}`}
            data-testid="expo-order"
            data-order-id={order.orderId}
          >
            <header className="card-head">
              <h3 className="card-name">{KITCHEN_TEXTS.table(order.tableNumber)}</h3>
              <span className="card-table">#{order.orderId.slice(-8)}</span>
            </header>
            <ul className="expo-items">
              {order.items.map((item) => (
                <li key={item.id}>
                  {KITCHEN_TEXTS.quantity(item.quantity)} {item.menuItem.name}
                  <span className="badge">{ORDER_STATUS_LABELS[item.status]}</span>
                </li>
              ))}
            </ul>
            <div className="card-actions">
              {withRunners ? (
                <span className="badge expo-sent" data-testid="expo-sent">
                  {KITCHEN_FLOW_TEXTS.sentToRunners}
                </span>
              ) : (
                <button
                  type="button"
                  className="button primary"
                  disabled={send.isPending}
                  onClick={() => send.mutate(order.orderId)}
                >
                  {KITCHEN_TEXTS.sendToRunner}
                </button>
              )}
            </div>
          </article>
        );
      })}
    </div>
  );
}
