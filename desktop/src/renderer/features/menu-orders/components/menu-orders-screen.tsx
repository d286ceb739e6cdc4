// Orders and menu (spec 2 section 2.5): Active Orders (order id's last 8, table or N/A, item count,
// status badge, total, time, View Details) and the Menu tab. On a terminal it reads the replica and
// its changes go through the outbox, so it keeps working while the cloud is away.
import { MENU_ORDERS_TEXTS, ORDER_STATUS_LABELS, type Order } from '@tablewise/shared';
import { useState } from 'react';
import { TabBar } from '../../../components/tab-bar.js';
import { useVenueClock } from '../../../components/use-venue-clock.js';
import { useOrders } from '../api/get-orders.js';
import { MenuTab } from './menu-tab.js';
import { OrderDetails } from './order-details.js';

const T = MENU_ORDERS_TEXTS;
type Tab = keyof typeof T.tabs;

function OrdersTable({ orders, onView }: { orders: readonly Order[]; onView(id: string): void }) {
  const timeOf = useVenueClock();
  if (orders.length === 0) return <p className="empty">{T.noOrders}</p>;
  return (
    <table className="stats-table orders-table">
      <thead>
        <tr>
          <th>{T.columns.order}</th>
          <th>{T.columns.table}</th>
          <th>{T.columns.items}</th>
          <th>{T.columns.status}</th>
          <th>{T.columns.total}</th>
          <th>{T.columns.time}</th>
          <th />
        </tr>
      </thead>
      <tbody>
        {orders.map((order) => (
          <tr key={order.id} data-testid="order-row" data-order-id={order.id}>
            <td className="mono">{order.id.slice(-8)}</td>
            <td>{order.tableName ?? T.noTable}</td>
            <td>{T.itemCount(order.items.reduce((n, i) => n + i.quantity, 0))}</td>
            <td>
              <span className={`badge status-${order.status.toLowerCase()}`}>{ORDER_STATUS_LABELS[order.status]}</span>
              {order.priority !== 'normal' && (
                <span className={`badge priority-${order.priority}`}>{T.priorityLabels[order.priority]}</span>
              )}
            </td>
            <td>${order.total}</td>
            <td>{timeOf(order.createdAt)}</td>
            <td>
              <button type="button" className="button" onClick={() => onView(order.id)}>
                {T.viewDetails}
              </button>
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

export function MenuOrdersScreen() {
  const [tab, setTab] = useState<Tab>('orders');
  const [viewing, setViewing] = useState<string | null>(null);
  const orders = useOrders();
  // The open order follows the list, so a live change (or a cancel) shows in the details at once.
  const open = orders.data?.find((o) => o.id === viewing) ?? null;
  return (
    <section className="menu-orders">
      <div className="page-head">
        <h1>{T.title}</h1>
        <TabBar options={Object.keys(T.tabs) as Tab[]} value={tab} onChange={setTab} labelOf={(t) => T.tabs[t]} />
      </div>
      {tab === 'orders' &&
        (orders.isError ? (
          <p className="form-error">{T.loadFailed}</p>
        ) : (
          orders.data && <OrdersTable orders={orders.data} onView={setViewing} />
        ))}
      {tab === 'menu' && <MenuTab />}
      {open && <OrderDetails order={open} onClose={() => setViewing(null)} />}
    </section>
  );
}
