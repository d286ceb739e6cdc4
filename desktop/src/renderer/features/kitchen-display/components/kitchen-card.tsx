import {
  KITCHEN_FLOW_TEXTS,
  KITCHEN_TEXTS,
  type KitchenItem,
  kitchenAgeMinutes,
  needsAlert,
  ORDER_STATUS_LABELS,
  prepTimeMinutes,
  progressPercent,
  type StaffTrigger,
  staffMovesFrom,
} from '@tablewise/shared';
import { memo } from 'react';
import { useFireCourse } from '../api/fire-course.js';
import { useUpdateItemStatus } from '../api/update-item-status.js';

/** The kitchen's own moves; runner moves (Pick Up, Delivered, Return) belong to the runner screen. */
const KITCHEN_TRIGGERS: ReadonlySet<StaffTrigger> = new Set<StaffTrigger>(['Start Prep', 'Ready', 'Pause', 'Resume']);

const timeFormat = new Intl.DateTimeFormat(undefined, { hour: '2-digit', minute: '2-digit' });

/**
 * One card. Memoized: a live event re-reads the list, and TanStack Query's structural sharing keeps
 * every unchanged item the same object, so only the card whose item changed renders again (with 300
 * cards, re-rendering all of them was most of an event's cost; issue 8, P7). `now` changes for all
 * cards together, every 15 s.
 */
export const KitchenCard = memo(function KitchenCard({ item, now }: { item: KitchenItem; now: Date }) {
  const update = useUpdateItemStatus();
  const fire = useFireCourse();
  const moves = staffMovesFrom(item.status).filter((m) => KITCHEN_TRIGGERS.has(m.trigger));
  const age = kitchenAgeMinutes(item, now);
  const prep = prepTimeMinutes(item);
  const progress = item.status === 'READY_FOR_RUN' ? 100 : progressPercent(age, prep);
  const alert = needsAlert(item, now);
  const busy = update.isPending;

  return (
    <article
      className={`kitchen-card status-${item.status.toLowerCase()} ${alert ? 'alert' : ''} ${item.held ? 'held' : ''}`}
      data-testid="kitchen-card"
      data-item-id={item.id}
      data-status={item.status}
    >
      <header className="card-head">
        <span className="card-qty">{KITCHEN_TEXTS.quantity(item.quantity)}</span>
        <h3 className="card-name">{item.menuItem.name}</h3>
        <span className="card-table">{KITCHEN_TEXTS.table(item.tableNumber)}</span>
      </header>
      <div className="card-meta">
        <span className="badge">{ORDER_STATUS_LABELS[item.status]}</span>
        <span className="badge">
          {KITCHEN_TEXTS.course}: {item.course}
        </span>
        {item.priority !== 'normal' && <span className={`badge priority-${item.priority}`}>{item.priority}</span>}
        {item.held ? (
          <span className="badge held-badge" data-testid="held">
            {KITCHEN_TEXTS.held} · {KITCHEN_TEXTS.firesAt(timeFormat.format(new Date(item.fireAt)))}
          </span>
        ) : (
          <span className={`card-age ${alert ? 'late' : ''}`}>
            {KITCHEN_TEXTS.ageMinutes(age)}
            {alert && item.priority !== 'urgent' ? ` · ${KITCHEN_TEXTS.late}` : ''}
          </span>
        )}
      </div>
      {item.modifiers.length > 0 && (
        <ul className="card-modifiers">
          {item.modifiers.map((m, i) => (
            // the same option can be chosen twice; position keeps the keys apart
            // biome-ignore lint/suspicious/noArrayIndexKey: modifiers have no id of their own
            <li key={`${i}-${m}`}>{m}</li>
          ))}
        </ul>
      )}
      {item.notes && (
        <p className="card-notes">
          <strong>{KITCHEN_TEXTS.notes}:</strong> {item.notes}
        </p>
      )}
      {!item.held && (
        <div
          className="progress"
          role="progressbar"
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={Math.round(progress)}
        >
          <div className="progress-fill" style={{ width: `${progress}%` }} />
        </div>
      )}
      {item.held && (
        <div className="card-actions">
          <button
            type="button"
            className="button primary"
            data-testid="fire-now"
            disabled={fire.isPending}
            onClick={() => fire.mutate({ orderId: item.orderId, course: item.course })}
          >
            {KITCHEN_FLOW_TEXTS.fireNow}
          </button>
        </div>
      )}
      {moves.length > 0 && (
        <div className="card-actions">
          {moves.map((move) => (
            <button
              key={move.trigger}
              type="button"
              className={`button ${move.trigger === 'Ready' || move.trigger === 'Start Prep' ? 'primary' : ''}`}
              disabled={busy}
              onClick={() => update.mutate({ id: item.id, status: move.to })}
            >
              {move.trigger}
            </button>
          ))}
        </div>
      )}
    </article>
  );
});
