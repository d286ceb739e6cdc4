import { expoOrders, KITCHEN_TEXTS, type KitchenItem, ORDER_STATUS_LABELS } from '@tablewise/shared';

/** Orders whose every item is ready: the pass. */
export function ExpoView({ items }: { items: readonly KitchenItem[] }) {
  const orders = expoOrders(items);
  if (orders.length === 0) return <p className="empty">{KITCHEN_TEXTS.noExpoOrders}</p>;
  return (
    <div className="card-grid">
      {orders.map((order) => (
        <article key={order.orderId} className="expo-card" data-testid="expo-order" data-order-id={order.orderId}>
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
        </article>
      ))}
    </div>
  );
}
