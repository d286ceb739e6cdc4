// Kitchen display (spec 2 section 2.6): Station, Expo and Analytics views over one read.
import { KITCHEN_TEXTS, type KitchenPriorityFilter } from '@tablewise/shared';
import { useState } from 'react';
import { useKitchenItems } from '../../../api/get-kitchen-items.js';
import { failureText } from '../../../app/api-client.js';
import { TabBar } from '../../../components/tab-bar.js';
import { useNow } from '../../../components/use-now.js';
import { AnalyticsView } from './analytics-view.js';
import { ExpoView } from './expo-view.js';
import { PrinterBanner } from './printer-banner.js';
import { ALL_STATIONS, StationView } from './station-view.js';
import type { Bumped } from './ticket-card.js';
import './kitchen-tickets.css';

const VIEWS = ['station', 'expo', 'analytics'] as const;
type View = (typeof VIEWS)[number];
const VIEW_LABELS: Record<View, string> = {
  station: KITCHEN_TEXTS.viewStation,
  expo: KITCHEN_TEXTS.viewExpo,
  analytics: KITCHEN_TEXTS.viewAnalytics,
};

export function KitchenDisplay() {
  const [view, setView] = useState<View>('station');
  const [autoRefresh, setAutoRefresh] = useState(true);
  const [station, setStation] = useState<string>(ALL_STATIONS);
  // The last bumped ticket, for Recall: kept while staff switch views.
  const [lastBump, setLastBump] = useState<Bumped | null>(null);
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
      <PrinterBanner station={view === 'station' && station !== ALL_STATIONS ? station : null} />
      {query.isPending && <p className="page-status">{KITCHEN_TEXTS.loading}</p>}
      {query.isError && (
        <p className="form-error" role="alert">
          {failureText(query.error)}
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
          lastBump={lastBump}
          onBumped={setLastBump}
        />
      )}
      {query.isSuccess && view === 'expo' && <ExpoView items={items} />}
      {query.isSuccess && view === 'analytics' && <AnalyticsView items={items} now={now} />}
    </section>
  );
}
