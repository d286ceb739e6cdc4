import {
  KITCHEN_TEXTS,
  type KitchenItem,
  needsAlert,
  ORDER_STATUS_LABELS,
  type StaffTrigger,
  staffMovesFrom,
} from '@tablewise/shared';
import { memo } from 'react';
import { useUpdateItemStatus } from '../../../api/update-item-status.js';

/** The kitchen's own moves on one item; Recall is the ticket's, runner moves the runner screen's. */
const KITCHEN_TRIGGERS: ReadonlySet<StaffTrigger> = new Set<StaffTrigger>(['Start Prep', 'Ready', 'Pause', 'Resume']);

/**
 * One item of a ticket, with its own moves. Memoized: a live event re-reads the list, and TanStack
 * Query's structural sharing keeps every unchanged item the same object, so only the row whose item
 * changed renders again (issue 8, P7). `now` changes for all rows together, every 15 s.
 */
export const KitchenItemRow = memo(function KitchenItemRow({
  item,
  now,
  showStatus,
}: {
  item: KitchenItem;
  now: Date;
  /** Whether the row names its status: when the ticket's items differ (else the ticket's chip says it). */
  showStatus: boolean;
}) {
  const update = useUpdateItemStatus();
  const moves = staffMovesFrom(item.status).filter((m) => KITCHEN_TRIGGERS.has(m.trigger));
  const alert = needsAlert(item, now);

  return (
    <li
      className={`kitchen-item status-${item.status.toLowerCase()} ${alert ? 'alert' : ''}`}
      data-testid="kitchen-card"
      data-item-id={item.id}
      data-status={item.status}
    >
      <div className="item-main">
        <p className="item-name">
          <span className="item-qty">{KITCHEN_TEXTS.quantity(item.quantity)}</span> {item.menuItem.name}
        </p>
        {showStatus && (
          <span className={`chip status-${item.status.toLowerCase()}`}>
            {item.held ? KITCHEN_TEXTS.held : ORDER_STATUS_LABELS[item.status]}
          </span>
        )}
      </div>
      {item.modifiers.length > 0 && (
        <ul className="item-modifiers">
          {item.modifiers.map((m, i) => (
            // the same option can be chosen twice; position keeps the keys apart
            // biome-ignore lint/suspicious/noArrayIndexKey: modifiers have no id of their own
            <li key={`${i}-${m}`}>{m}</li>
          ))}
        </ul>
      )}
      {item.notes && (
        <p className="item-notes">
          <strong>{KITCHEN_TEXTS.notes}:</strong> {item.notes}
        </p>
      )}
      {moves.length > 0 && (
        <div className="item-actions">
          {moves.map((move) => (
            <button
              key={move.trigger}
              type="button"
              className={`button ${move.trigger === 'Ready' || move.trigger === 'Start Prep' ? 'primary' : ''}`}
              disabled={update.isPending}
              onClick={() => update.mutate({ id: item.id, status: move.to })}
            >
              {move.trigger}
            </button>
          ))}
        </div>
      )}
    </li>
  );
});
