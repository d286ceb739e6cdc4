// The station view (spec 2 section 2.6, issue 22 item 8): the line's tickets for the station chosen,
// the batch buttons over what is shown (each asks first, naming how many items it moves and
// where), and Recall of the last bumped ticket.
import {
  KITCHEN_PRIORITY_FILTERS,
  KITCHEN_TEXTS,
  KITCHEN_TICKET_TEXTS,
  type KitchenItem,
  type KitchenPriorityFilter,
  lineTickets,
  matchesPriority,
  readyMoves,
  recallMoves,
  type StatusUpdate,
  startMoves,
  stationCounts,
} from '@tablewise/shared';
import { useCallback, useMemo, useState } from 'react';
import { ConfirmDialog } from '../../../components/confirm-dialog.js';
import { TabBar } from '../../../components/tab-bar.js';
import { useBatchUpdateItems } from '../api/batch-update-items.js';
import { useRunnerOrders } from '../api/get-runner-orders.js';
import { useStableTickets } from './stable-tickets.js';
import { type Bumped, TicketCard } from './ticket-card.js';

/** The station tab that shows every station. */
export const ALL_STATIONS = '';

interface Props {
  items: readonly KitchenItem[];
  now: Date;
  station: string;
  onStation: (s: string) => void;
  priority: KitchenPriorityFilter;
  onPriority: (p: KitchenPriorityFilter) => void;
  lastBump: Bumped | null;
  onBumped: (bumped: Bumped | null) => void;
}

type Batch = 'start' | 'ready';

export function StationView({ items, now, station, onStation, priority, onPriority, lastBump, onBumped }: Props) {
  const [asking, setAsking] = useState<Batch | null>(null);
  const byPriority = useMemo(() => items.filter((i) => matchesPriority(i, priority)), [items, priority]);
  // The tabs count the work on the line: what is bumped is on the pass.
  const counts = useMemo(() => stationCounts(byPriority.filter((i) => i.status !== 'READY_FOR_RUN')), [byPriority]);
  const chosen = station === ALL_STATIONS ? null : station;
  const tickets = useStableTickets(useMemo(() => lineTickets(byPriority, chosen), [byPriority, chosen]));
  const shown = useMemo(() => tickets.flatMap((t) => t.items), [tickets]);
  // The batch buttons act on the items shown: this station (or all), this priority.
  const moves: Record<Batch, StatusUpdate[]> = { start: startMoves(shown), ready: readyMoves(shown) };
  const batch = useBatchUpdateItems(shown);
  const where = KITCHEN_TICKET_TEXTS.atStation(chosen);
  const bumped = useCallback((b: Bumped) => onBumped(b), [onBumped]);

  return (
    <>
      <div className="filters">
        <TabBar
          label={KITCHEN_TEXTS.station}
          options={[ALL_STATIONS, ...counts.keys()]}
          value={station}
          onChange={onStation}
          labelOf={(name) => (
            <>
              {name === ALL_STATIONS ? KITCHEN_TEXTS.allStations : name}{' '}
              <span className="count">
                {name === ALL_STATIONS ? [...counts.values()].reduce((a, b) => a + b, 0) : counts.get(name)}
              </span>
            </>
          )}
        />
        <label className="select">
          {KITCHEN_TEXTS.priority}
          <select value={priority} onChange={(e) => onPriority(e.target.value as KitchenPriorityFilter)}>
            {KITCHEN_PRIORITY_FILTERS.map((p) => (
              <option key={p} value={p}>
                {KITCHEN_TEXTS.priorityLabels[p]}
              </option>
            ))}
          </select>
        </label>
        <div className="batch-actions">
          <RecallButton lastBump={lastBump} items={items} onDone={() => onBumped(null)} />
          <button
            type="button"
            className="button"
            disabled={batch.isPending || moves.start.length === 0}
            onClick={() => setAsking('start')}
          >
            {KITCHEN_TEXTS.startAllPending} <span className="count">{moves.start.length}</span>
          </button>
          <button
            type="button"
            className="button primary"
            disabled={batch.isPending || moves.ready.length === 0}
            onClick={() => setAsking('ready')}
          >
            {KITCHEN_TEXTS.markAllReady} <span className="count">{moves.ready.length}</span>
          </button>
        </div>
      </div>
      {asking && (
        <ConfirmDialog
          question={
            asking === 'start'
              ? KITCHEN_TICKET_TEXTS.confirmStartAll(moves.start.length, where)
              : KITCHEN_TICKET_TEXTS.confirmMarkAllReady(moves.ready.length, where)
          }
          action={
            asking === 'start'
              ? KITCHEN_TICKET_TEXTS.confirmStartAllAction(moves.start.length)
              : KITCHEN_TICKET_TEXTS.confirmMarkAllReadyAction(moves.ready.length)
          }
          busy={batch.isPending}
          onCancel={() => setAsking(null)}
          onConfirm={() => {
            batch.mutate({ updates: moves[asking] });
            setAsking(null);
          }}
        />
      )}
      {tickets.length === 0 ? (
        <p className="empty">{KITCHEN_TEXTS.noItems}</p>
      ) : (
        <div className="ticket-grid">
          {tickets.map((ticket) => (
            <TicketCard key={ticket.key} ticket={ticket} now={now} onBumped={bumped} />
          ))}
        </div>
      )}
    </>
  );
}

/** Recall of the last bumped ticket: its items still ready and not with the runners go back. */
function RecallButton({
  lastBump,
  items,
  onDone,
}: {
  lastBump: Bumped | null;
  items: readonly KitchenItem[];
  onDone: () => void;
}) {
  const runnerOrders = useRunnerOrders();
  const recall = useBatchUpdateItems(items, {
    done: KITCHEN_TICKET_TEXTS.recalled(lastBump?.label ?? ''),
    failed: KITCHEN_TICKET_TEXTS.recallFailed,
  });
  if (!lastBump) return null;
  const onPass = new Set((runnerOrders.data ?? []).flatMap((o) => o.items.map((i) => i.id)));
  const updates = recallMoves(lastBump.itemIds, items, onPass);
  if (updates.length === 0) return null;
  return (
    <button
      type="button"
      className="button recall"
      data-testid="recall-ticket"
      disabled={recall.isPending}
      onClick={() => recall.mutate({ updates }, { onSuccess: onDone })}
    >
      {KITCHEN_TICKET_TEXTS.recall(lastBump.label)}
    </button>
  );
}
