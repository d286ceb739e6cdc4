import {
  expoOrders,
  KITCHEN_FLOW_TEXTS,
  KITCHEN_TEXTS,
  type KitchenItem,
  ORDER_STATUS_LABELS,
} from '@tablewise/shared';
import { useRunnerOrders } from '../api/get-runner-orders.js';
import { useSendToExpo } from '../api/send-to-expo.js';

/** The pass (issue 22): every order with an item ready. Send to Runner sends its ready items that
 * are not with the runners yet, while its later courses are still held or cooking. */
export function ExpoView({ items }: { items: readonly KitchenItem[] }) {
  const send = useSendToExpo();
  const runnerOrders = useRunnerOrders();
  const onPass = new Set((runnerOrders.data ?? []).flatMap((o) => o.items.map((i) => i.id)));
  const orders = expoOrders(items, onPass);
  if (orders.length === 0) return <p className="empty">{KITCHEN_TEXTS.noExpoOrders}</p>;
  return (
    <div className="card-grid">
      {orders.map((order) => {
        const withRunners = order.ready.length === 0;
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
              {order.ready.map((item) => (
                <li key={item.id} data-testid="expo-ready-item">
                  {KITCHEN_TEXTS.quantity(item.quantity)} {item.menuItem.name}
                  <span className="badge">{ORDER_STATUS_LABELS[item.status]}</span>
                </li>
              ))}
              {order.sent.map((item) => (
                <li key={item.id} data-testid="expo-sent-item">
                  {KITCHEN_TEXTS.quantity(item.quantity)} {item.menuItem.name}
                  <span className="badge expo-sent">{KITCHEN_FLOW_TEXTS.sentToRunners}</span>
                </li>
              ))}
            </ul>
            {order.later > 0 ? <p className="expo-later">{KITCHEN_FLOW_TEXTS.laterCourses(order.later)}</p> : null}
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
