import {
  COURSE_LABELS,
  isRunnerOrderLate,
  pickUpProblem,
  RUNNER_TEXTS,
  type Runner,
  type RunnerOrder,
  runnerWaitMinutes,
} from '@tablewise/shared';
import { useChangeRunnerOrderStatus } from '../../../api/change-runner-order-status.js';

interface Props {
  order: RunnerOrder;
  now: Date;
  runnerId: string | null;
  runners: readonly Runner[];
}

/** One order on the pass: where it goes, what it carries, how long it has waited. */
export function RunnerOrderCard({ order, now, runnerId, runners }: Props) {
  const change = useChangeRunnerOrderStatus();
  const wait = runnerWaitMinutes(new Date(order.readyAt), now);
  const active = order.status === 'READY_FOR_RUN' || order.status === 'OUT_FOR_DELIVERY';
  const late = active && isRunnerOrderLate(wait, order.estimatedDeliveryTime);
  const pickUpBlocked = pickUpProblem(runnerId);
  const carrier = runners.find((r) => r.id === order.runnerAssigned);
  const hintId = `pickup-hint-${order.id}`;

  return (
    <article
      className={`runner-card status-${order.status.toLowerCase()} ${late || order.priority === 'urgent' ? 'alert' : ''}`}
      data-testid="runner-order"
      data-order-id={order.id}
      data-status={order.status}
    >
      <header className="card-head">
        <h3 className="card-name">{RUNNER_TEXTS.table(order.tableName)}</h3>
        <span className="card-table">#{order.id.slice(-8)}</span>
      </header>
      <div className="card-meta">
        <span className="badge">{RUNNER_TEXTS.statusLabels[order.status]}</span>
        <span className="badge">
          {RUNNER_TEXTS.zone}: {order.zone}
        </span>
        {order.priority !== 'normal' && <span className={`badge priority-${order.priority}`}>{order.priority}</span>}
        <span className={`card-age ${late ? 'late' : ''}`} data-testid="runner-wait">
          {RUNNER_TEXTS.wait(wait)}
          {late ? ` · ${RUNNER_TEXTS.late}` : ''}
        </span>
      </div>
      <ul className="runner-items">
        {order.items.map((item) => (
          <li key={item.id}>
            <strong>×{item.quantity}</strong> {item.menuItemName}
            <span className="runner-item-tags">
              {item.temperature && (
                <span className={`badge temp-${item.temperature}`}>
                  {item.temperature === 'hot' ? RUNNER_TEXTS.hot : RUNNER_TEXTS.cold}
                </span>
              )}
              {item.fragile && <span className="badge fragile">{RUNNER_TEXTS.fragile}</span>}
              <span className="badge">{COURSE_LABELS[item.course]}</span>
              {item.station && <span className="badge">{item.station}</span>}
            </span>
          </li>
        ))}
      </ul>
      {order.specialInstructions && (
        <p className="card-notes">
          <strong>{RUNNER_TEXTS.specialInstructions}:</strong> {order.specialInstructions}
        </p>
      )}
      {carrier && <p className="runner-carrier">{RUNNER_TEXTS.takenBy(carrier.name)}</p>}
      <div className="card-actions">
        {order.status === 'READY_FOR_RUN' && (
          <button
            type="button"
            className="button primary"
            disabled={change.isPending || pickUpBlocked !== null}
            aria-describedby={pickUpBlocked ? hintId : undefined}
            onClick={() => change.mutate({ id: order.id, status: 'OUT_FOR_DELIVERY', runnerId })}
          >
            {RUNNER_TEXTS.pickUp}
          </button>
        )}
        {order.status === 'OUT_FOR_DELIVERY' && (
          <>
            <button
              type="button"
              className="button primary"
              disabled={change.isPending}
              onClick={() => change.mutate({ id: order.id, status: 'DELIVERED' })}
            >
              {RUNNER_TEXTS.delivered}
            </button>
            <button
              type="button"
              className="button"
              disabled={change.isPending}
              onClick={() => change.mutate({ id: order.id, status: 'RETURN_REQUESTED' })}
            >
              {RUNNER_TEXTS.returnRequested}
            </button>
          </>
        )}
      </div>
      {order.status === 'READY_FOR_RUN' && pickUpBlocked && (
        <p className="hint" id={hintId}>
          {pickUpBlocked}
        </p>
      )}
    </article>
  );
}
