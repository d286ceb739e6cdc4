// Kitchen display (spec 2 section 2.6): Station, Expo and Analytics views over one read.
import {
  KITCHEN_PRIORITY_FILTERS,
  KITCHEN_TEXTS,
  type KitchenPriorityFilter,
  matchesPriority,
  stationCounts,
  stationOf,
} from '@tablewise/shared';
import { useMemo, useState } from 'react';
import { TabBar } from '../../../components/tab-bar.js';
import { useNow } from '../../../components/use-now.js';
import { useBatchUpdateItems } from '../api/batch-update-items.js';
import { useKitchenItems } from '../api/get-kitchen-items.js';
import { AnalyticsView } from './analytics-view.js';
import { ExpoView } from './expo-view.js';
import { KitchenCard } from './kitchen-card.js';
import { PrinterBanner } from './printer-banner.js';

const VIEWS = ['station', 'expo', 'analytics'] as const;
type View = (typeof VIEWS)[number];
const VIEW_LABELS: Record<View, string> = {
  station: KITCHEN_TEXTS.viewStation,
  expo: KITCHEN_TEXTS.viewExpo,
  analytics: KITCHEN_TEXTS.viewAnalytics,
};
const ALL = '';

export function KitchenDisplay() {
  const [view, setView] = useState<View>('station');
  const [autoRefresh, setAutoRefresh] = useState(true);
  const [station, setStation] = useState<string>(ALL);
  const [priority, setPriority] = useState<KitchenPriorityFilter>('all');
  const now = useNow();
  const query = useKitchenItems({ autoRefresh });
  const items = query.data ?? [];

  return (
    <section className="kitchen">
      <div className="page-head">
        <h1>{KITCHEN_TEXTS.title}</h1>
        <TabBar
          variant="segmented"
          label="View"
          options={VIEWS}
          value={view}
          onChange={setView}
          labelOf={(v) => VIEW_LABELS[v]}
        />
        <label className="toggle">
          <input type="checkbox" checked={autoRefresh} onChange={(e) => setAutoRefresh(e.target.checked)} />
          {KITCHEN_TEXTS.autoRefresh}
        </label>
      </div>
      <PrinterBanner station={view === 'station' && station !== ALL ? station : null} />
      {query.isPending && <p className="page-status">{KITCHEN_TEXTS.loading}</p>}
      {query.isError && (
        <p className="form-error" role="alert">
          {query.error.message}
        </p>
      )}
      {query.isSuccess && view === 'station' && (
        <StationView
          items={items}
          now={now}
          station={station}
          onStation={setStation}
          priority={priority}
          onPriority={setPriority}
        />
      )}
      {query.isSuccess && view === 'expo' && <ExpoView items={items} />}
      {query.isSuccess && view === 'analytics' && <AnalyticsView items={items} now={now} />}
    </section>
  );
}

interface StationViewProps {
  items: NonNullable<ReturnType<typeof useKitchenItems>['data']>;
  now: Date;
  station: string;
  onStation: (s: string) => void;
  priority: KitchenPriorityFilter;
  onPriority: (p: KitchenPriorityFilter) => void;
}

function StationView({ items, now, station, onStation, priority, onPriority }: StationViewProps) {
  const byPriority = useMemo(() => items.filter((i) => matchesPriority(i, priority)), [items, priority]);
  const counts = useMemo(() => stationCounts(byPriority), [byPriority]);
  const shown = useMemo(
    () =>
      byPriority
        .filter((i) => station === ALL || stationOf(i) === station)
        // fired work first, oldest first; held items wait at the end
        .sort((a, b) => Number(a.held) - Number(b.held) || Date.parse(a.createdAt) - Date.parse(b.createdAt)),
    [byPriority, station],
  );
  // The batch buttons act on the cards shown: this station, this priority.
  const pending = shown.filter((i) => i.status === 'SENT_TO_KITCHEN');
  const cooking = shown.filter((i) => i.status === 'IN_PREP');
  const batch = useBatchUpdateItems(shown);

  return (
    <>
      <div className="filters">
        <TabBar
          label={KITCHEN_TEXTS.station}
          options={[ALL, ...counts.keys()]}
          value={station}
          onChange={onStation}
          labelOf={(name) => (
            <>
              {name === ALL ? KITCHEN_TEXTS.allStations : name}{' '}
              <span className="count">{name === ALL ? byPriority.length : counts.get(name)}</span>
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
          <button
            type="button"
            className="button"
            disabled={batch.isPending || pending.length === 0}
            onClick={() => batch.mutate({ updates: pending.map((i) => ({ id: i.id, status: 'IN_PREP' })) })}
          >
            {KITCHEN_TEXTS.startAllPending} <span className="count">{pending.length}</span>
          </button>
          <button
            type="button"
            className="button primary"
            disabled={batch.isPending || cooking.length === 0}
            onClick={() => batch.mutate({ updates: cooking.map((i) => ({ id: i.id, status: 'READY_FOR_RUN' })) })}
          >
            {KITCHEN_TEXTS.markAllReady} <span className="count">{cooking.length}</span>
          </button>
        </div>
      </div>
      {shown.length === 0 ? (
        <p className="empty">{KITCHEN_TEXTS.noItems}</p>
      ) : (
        <div className="card-grid">
          {shown.map((item) => (
            <KitchenCard key={item.id} item={item} now={now} />
          ))}
        </div>
      )}
    </>
  );
}
