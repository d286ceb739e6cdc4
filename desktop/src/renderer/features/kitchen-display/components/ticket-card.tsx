// One ticket (issue 22 item 8): a table's course as the kitchen works it, legible from a metre,
// with its items' own moves inside and the ticket's Start and Bump below. Small on purpose: a
// ticket button (Fire now, say) goes in TicketActions.
import {
  bumpMoves,
  COURSE_LABELS,
  KITCHEN_FLOW_TEXTS,
  KITCHEN_TEXTS,
  KITCHEN_TICKET_TEXTS,
  kitchenAgeMinutes,
  type LineTicket,
  needsAlert,
  prepTimeMinutes,
  progressPercent,
  startMoves,
} from '@tablewise/shared';
import { memo } from 'react';
import { useVenueClock } from '../../../components/use-venue-clock.js';
import { useBatchUpdateItems } from '../api/batch-update-items.js';
import { useFireCourse } from '../api/fire-course.js';
import { KitchenItemRow } from './kitchen-item-row.js';

/** A bump, for the Recall that may undo it. */
export interface Bumped {
  label: string;
  itemIds: string[];
}

interface Props {
  ticket: LineTicket;
  now: Date;
  onBumped: (bumped: Bumped) => void;
}

export const TicketCard = memo(function TicketCard({ ticket, now, onBumped }: Props) {
  const clock = useVenueClock();
  const label = KITCHEN_TEXTS.table(ticket.tableNumber);
  const alert = ticket.items.some((i) => needsAlert(i, now));
  const held = ticket.stage === 'held';
  const age = kitchenAgeMinutes(ticket.items[0] ?? { createdAt: ticket.firedAt, fireAt: ticket.firedAt }, now);
  const prep = Math.max(...ticket.items.map(prepTimeMinutes));
  const ready = ticket.items.filter((i) => i.status === 'READY_FOR_RUN').length;
  const mixed = new Set(ticket.items.map((i) => i.status)).size > 1;

  return (
    <article
      className={`ticket-card stage-${ticket.stage} ${alert ? 'alert' : ''}`}
      data-testid="kitchen-ticket"
      data-order-id={ticket.orderId}
      data-course={ticket.course}
      data-stage={ticket.stage}
    >
      <header className="ticket-head">
        <h3 className="ticket-table">{label}</h3>
        {held ? (
          <span className="ticket-age held-at" data-testid="held">
            {KITCHEN_TEXTS.firesAt(clock(ticket.firedAt))}
          </span>
        ) : (
          <span className={`ticket-age ${alert ? 'late' : ''}`}>
            {KITCHEN_TEXTS.ageMinutes(age)}
            {alert && ticket.priority !== 'urgent' ? ` · ${KITCHEN_TEXTS.late}` : ''}
          </span>
        )}
      </header>
      <div className="ticket-meta">
        <span className={`chip stage-${ticket.stage}`}>{KITCHEN_TICKET_TEXTS.ticketStages[ticket.stage]}</span>
        <span className="chip course-chip">{COURSE_LABELS[ticket.course]}</span>
        {ticket.priority !== 'normal' && (
          <span className={`chip priority-${ticket.priority}`}>{KITCHEN_TEXTS.priorityLabels[ticket.priority]}</span>
        )}
        {ready > 0 && <span className="ticket-done">{KITCHEN_TICKET_TEXTS.itemsDone(ready, ticket.items.length)}</span>}
      </div>
      {!held && (
        <div
          className="progress"
          role="progressbar"
          aria-label={label}
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={Math.round(progressPercent(age, prep))}
        >
          <div className="progress-fill" style={{ width: `${progressPercent(age, prep)}%` }} />
        </div>
      )}
      <ul className="ticket-items">
        {ticket.items.map((item) => (
          <KitchenItemRow key={item.id} item={item} now={now} showStatus={mixed} />
        ))}
      </ul>
      <TicketActions ticket={ticket} onBumped={(itemIds) => onBumped({ label, itemIds })} />
    </article>
  );
});

/** The ticket's own buttons: Fire now (a held course, early), Start (its new items) and Bump (all
 * of it ready). */
function TicketActions({ ticket, onBumped }: { ticket: LineTicket; onBumped: (itemIds: string[]) => void }) {
  const batch = useBatchUpdateItems(ticket.items, { failed: KITCHEN_TICKET_TEXTS.bumpFailed });
  const fire = useFireCourse();
  const held = ticket.stage === 'held';
  const start = held ? [] : startMoves(ticket.items);
  const bump = held ? [] : bumpMoves(ticket);
  if (!held && start.length === 0 && bump.length === 0) return null;
  return (
    <div className="ticket-actions">
      {held && (
        <button
          type="button"
          className="button primary"
          data-testid="fire-now"
          disabled={fire.isPending}
          onClick={() => fire.mutate({ orderId: ticket.orderId, course: ticket.course })}
        >
          {KITCHEN_FLOW_TEXTS.fireNow}
        </button>
      )}
      {start.length > 0 && (
        <button
          type="button"
          className="button"
          disabled={batch.isPending}
          onClick={() => batch.mutate({ updates: start })}
        >
          {KITCHEN_TICKET_TEXTS.startTicket}
        </button>
      )}
      {bump.length > 0 && (
        <button
          type="button"
          className="button primary"
          disabled={batch.isPending}
          onClick={() =>
            batch.mutate({ updates: bump }, { onSuccess: () => onBumped([...new Set(bump.map((m) => m.id))]) })
          }
        >
          {KITCHEN_TICKET_TEXTS.bump}
        </button>
      )}
    </div>
  );
}
