// An order's details (spec 2 section 2.5's View Details): its items with their states and times,
// the priority the kitchen sees, and Cancel Item on an item whose course has not fired yet.
import {
  COURSE_LABELS,
  cancelRefusal,
  isHeld,
  KITCHEN_FLOW_TEXTS,
  MENU_ORDERS_TEXTS,
  ORDER_PRIORITIES,
  ORDER_STATUS_LABELS,
  type Order,
} from '@tablewise/shared';
import { useState } from 'react';
import { useVenueClock } from '../../../components/use-venue-clock.js';
import { useCancelItem } from '../api/cancel-item.js';
import { useChangePriority } from '../api/change-priority.js';
import { useFireCourse } from '../api/fire-course.js';
import { AddItems } from './add-items.js';

const T = MENU_ORDERS_TEXTS;

export function OrderDetails({ order, onClose }: { order: Order; onClose(): void }) {
  const timeOf = useVenueClock();
  const priority = useChangePriority();
  const cancel = useCancelItem();
  const fire = useFireCourse();
  const [adding, setAdding] = useState(false);
  const now = new Date();
  if (adding) {
    return (
      <AddItems sessionId={order.sessionId} tableName={order.tableName ?? T.noTable} onClose={() => setAdding(false)} />
    );
  }
  return (
    <div className="dialog-backdrop">
      <section className="dialog order-details" role="dialog" aria-label={T.orderTitle(order.id.slice(-8))}>
        <h2>{T.orderTitle(order.id.slice(-8))}</h2>
        <p className="muted">
          {order.tableName ?? T.noTable} · {T.ordered(timeOf(order.createdAt))}
        </p>
        <label className="order-priority">
          {T.priority}
          <select
            data-testid="order-priority"
            value={order.priority}
            disabled={priority.isPending}
            onChange={(e) => priority.mutate({ id: order.id, priority: e.target.value as Order['priority'] })}
          >
            {ORDER_PRIORITIES.map((p) => (
              <option key={p} value={p}>
                {T.priorityLabels[p]}
              </option>
            ))}
          </select>
        </label>
        <ul className="order-lines">
          {order.items.map((item) => {
            const cancellable = cancelRefusal(item, now) === null;
            return (
              <li key={item.id} className="order-line" data-testid="order-line" data-status={item.status}>
                <div className="order-line-what">
                  <strong>
                    {item.quantity} × {item.menuItemName}
                  </strong>
                  {item.modifiers.length > 0 && (
                    <span className="muted">{item.modifiers.map((m) => m.optionName).join(', ')}</span>
                  )}
                  {item.notes && <span className="muted">“{item.notes}”</span>}
                  <span className="muted">
                    {COURSE_LABELS[item.course]} ·{' '}
                    {cancellable ? T.firesAt(timeOf(item.fireAt)) : T.ordered(timeOf(item.createdAt))}
                  </span>
                </div>
                <span className={`badge status-${item.status.toLowerCase()}`}>{ORDER_STATUS_LABELS[item.status]}</span>
                <span className="order-line-price">${item.totalPrice}</span>
                {isHeld(item.status) && (
                  <button
                    type="button"
                    className="button primary"
                    disabled={fire.isPending}
                    data-testid="fire-now"
                    onClick={() => fire.mutate({ orderId: order.id, course: item.course })}
                  >
                    {KITCHEN_FLOW_TEXTS.fireNow}
                  </button>
                )}
                {cancellable && (
                  <button
                    type="button"
                    className="button danger"
                    disabled={cancel.isPending}
                    data-testid="cancel-item"
                    onClick={() => cancel.mutate({ id: item.id, name: item.menuItemName })}
                  >
                    {T.cancelItem}
                  </button>
                )}
              </li>
            );
          })}
        </ul>
        <dl className="order-totals">
          <dt>{T.subtotal}</dt>
          <dd>${order.subtotal}</dd>
          <dt>{T.tax}</dt>
          <dd>${order.tax}</dd>
          <dt>{T.total}</dt>
          <dd data-testid="order-total">${order.total}</dd>
        </dl>
        <div className="dialog-actions">
          <button type="button" className="button" onClick={() => setAdding(true)} data-testid="add-items">
            {T.addItems}
          </button>
          <button type="button" className="button" onClick={onClose}>
            {T.close}
          </button>
        </div>
      </section>
    </div>
  );
}
