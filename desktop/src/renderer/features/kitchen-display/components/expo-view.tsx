import {
  COURSE_LABELS,
  KITCHEN_FLOW_TEXTS,
  KITCHEN_TEXTS,
  type KitchenItem,
  ORDER_STATUS_LABELS,
  readyToRun,
} from '@tablewise/shared';
import { useRunnerOrders } from '../api/get-runner-orders.js';
import { useSendToExpo } from '../api/send-to-expo.js';

/** The pass (issue 22): each course of an order with an item ready (readyToRun). Send to Runner
 * sends that course's ready items that are not with the runners yet, as a ticket of their own,
 * while the order's later courses are still held or cooking. */
export function ExpoView({ items }: { items: readonly KitchenItem[] }) {
  const send = useSendToExpo();
  const runnerOrders = useRunnerOrders();
  const onPass = new Set((runnerOrders.data ?? []).flatMap((o) => o.items.map((i) => i.id)));
  const orders = readyToRun(items, onPass);
  if (orders.length === 0) return <p className="empty">{KITCHEN_TEXTS.noExpoOrders}</p>;
  return (
    <div className="card-grid">
      {orders.map((order) => {
        const withRunners = order.ready.length === 0;
        return (
          <article
            key={`${order.orderId}-${order.course}`}
            className={`expo-card ${withRunners ? 'sent' : ''}`}
            data-testid="expo-order"
            data-order-id={order.orderId}
            data-course={order.course}
          >
            <header className="card-head">
              <h3 className="card-name">
                {KITCHEN_TEXTS.table(order.tableNumber)} · {COURSE_LABELS[order.course]}
              </h3>
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
            {order.cooking > 0 ? <p className="expo-later">{KITCHEN_FLOW_TEXTS.stillCooking(order.cooking)}</p> : null}
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
                  onClick={() => send.mutate({ orderId: order.orderId, itemIds: order.ready.map((i) => i.id) })}
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
