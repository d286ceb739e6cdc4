// The dashboard (spec 2 section 2.1): four stat cards, the shift's figures and six tabs over the
// venue's real tables, orders, queue, kitchen and payments, read from the replica on a terminal and
// from PostgreSQL on the cloud. Every button acts through the hook of the screen that owns the
// action (desktop/src/renderer/api/); live events mark the reads stale, so every figure moves
// without a reload.
import {
  DASHBOARD_TEXTS,
  dashboardStats,
  displayMoney,
  floorZones,
  getAnalytics,
  minutesSince,
  type Order,
  type Shift,
  shiftRange,
  tableStateLabel,
  toCents,
} from '@tablewise/shared';
import { type ReactNode, useState } from 'react';
import { usePublishedLayout } from '../../../api/floor-layout.js';
import { useAnalytics } from '../../../api/get-analytics.js';
import { useKitchenItems } from '../../../api/get-kitchen-items.js';
import { usePayments } from '../../../api/get-payments.js';
import { useBookableTimes } from '../../../api/get-reservations.js';
import { useWaitlist } from '../../../api/get-waitlist.js';
import { useMayCall } from '../../../app/may-call.js';
import { LiveFloor } from '../../../components/live-floor.js';
import { useNow } from '../../../components/use-now.js';
import { useOrders } from '../api/get-orders.js';
import { useTables } from '../api/get-tables.js';
import { ActivityFeed } from './activity-feed.js';
import { DashboardHeader, type SearchHit, searchHits } from './dashboard-header.js';
import { FloorView } from './floor-view.js';
import { KitchenPanel } from './kitchen-panel.js';
import { AlertsPanel, QuickActionsGrid } from './overview-panel.js';
import { PaymentsExitsPanel } from './payments-panel.js';
import { ReservationsPanel, WaitlistPanel } from './waitlist-panel.js';
import './dashboard.css';

const TABS = ['overview', 'floor', 'payments', 'waitlist', 'kitchen', 'activity'] as const;
type Tab = (typeof TABS)[number];

function StatCard(props: { testId: string; title: string; value: ReactNode; detail: string; color?: string }) {
  return (
    <section className="stat-card" data-testid={props.testId} data-color={props.color}>
      <h2>{props.title}</h2>
      <div className="stat-value" data-testid={`${props.testId}-value`}>
        {props.value}
      </div>
      <div className="stat-detail">{props.detail}</div>
    </section>
  );
}

/** The chosen shift's covers, orders and takings, from GET /api/analytics (managers only). */
function ShiftFigures({ shift, now }: { shift: Shift; now: Date }) {
  const times = useBookableTimes();
  const zone = times.data?.timeZone;
  // the range moves with the clock once a minute, not on every render
  const minute = new Date(Math.floor(now.getTime() / 60_000) * 60_000);
  const range = zone ? shiftRange(shift, minute, zone) : null;
  // Asked only by who may see the venue's figures (VIEW_ANALYTICS): the others see no line.
  const mayRead = useMayCall(getAnalytics);
  const figures = useAnalytics(
    range && mayRead ? { from: range.from.toISOString(), to: range.to.toISOString() } : null,
  );
  if (!figures.data) return null;
  const c = figures.data.current;
  return (
    <p className="dash-shift-figures" data-testid="dash-shift-figures">
      <strong>{DASHBOARD_TEXTS.shifts[shift]}:</strong>{' '}
      {DASHBOARD_TEXTS.shiftFigures(c.covers, c.orders, displayMoney(toCents(c.revenue) + toCents(c.tips)))}
    </p>
  );
}

/** What a search result opens: a table with its party and orders, or an order with its items. */
function FoundDialog(props: { hit: SearchHit; orders: readonly Order[]; now: Date; onClose(): void }) {
  const { hit } = props;
  const table = hit.kind === 'order' ? null : hit.table;
  const orders =
    hit.kind === 'order' ? [hit.order] : props.orders.filter((o) => table !== null && o.tableId === table.id);
  return (
    <div className="dialog-backdrop">
      <div className="dialog" role="dialog" aria-label={hit.label} data-testid="dash-found">
        <h2>{hit.label}</h2>
        {table && (
          <p>
            {tableStateLabel(table.state)}
            {table.partyName ? ` · ${table.partyName}` : ''}
            {table.guestCount !== null ? ` · ${DASHBOARD_TEXTS.guests(table.guestCount)}` : ''}
            {table.timeSeated ? ` · ${DASHBOARD_TEXTS.seatedFor(minutesSince(table.timeSeated, props.now) ?? 0)}` : ''}
          </p>
        )}
        {orders.map((o) => (
          <section key={o.id}>
            <strong>
              {DASHBOARD_TEXTS.orderLabel(o.id)} · {o.tableName ?? ''} · {displayMoney(toCents(o.total))}
            </strong>
            <ul className="dash-list">
              {o.items.map((i) => (
                <li key={i.id} className="dash-row">
                  <span>
                    {i.quantity}× {i.menuItemName}
                  </span>
                  <span className="muted">{i.status.replaceAll('_', ' ').toLowerCase()}</span>
                </li>
              ))}
            </ul>
          </section>
        ))}
        <button type="button" className="button" onClick={props.onClose}>
          {DASHBOARD_TEXTS.close}
        </button>
      </div>
    </div>
  );
}

export function DashboardScreen() {
  const tables = useTables();
  const published = usePublishedLayout();
  const orders = useOrders();
  const waitlist = useWaitlist();
  const payments = usePayments();
  const kitchen = useKitchenItems({ autoRefresh: false });
  const now = useNow(30_000);
  const [tab, setTab] = useState<Tab>('overview');
  const [search, setSearch] = useState('');
  const [found, setFound] = useState<SearchHit | null>(null);
  const [shift, setShift] = useState<Shift>('current');

  const hits = searchHits(search, {
    tables: tables.data ?? [],
    waitlist: waitlist.data ?? [],
    orders: orders.data ?? [],
  });
  const open = (hit: SearchHit) => {
    setSearch('');
    if (hit.kind === 'guest' && hit.entry) setTab('waitlist');
    else setFound(hit);
  };
  const header = (
    <DashboardHeader search={search} onSearch={setSearch} hits={hits} onOpen={open} shift={shift} onShift={setShift} />
  );

  if (tables.isError || orders.isError || waitlist.isError || payments.isError) {
    return (
      <div>
        {header}
        <p className="live-error" role="alert">
          {DASHBOARD_TEXTS.loadFailed}
        </p>
      </div>
    );
  }
  if (!tables.data || !orders.data || !waitlist.data || !payments.data) {
    return (
      <div>
        {header}
        <p className="empty">{DASHBOARD_TEXTS.loading}</p>
      </div>
    );
  }

  const stats = dashboardStats({
    tables: tables.data,
    orders: orders.data,
    waitlist: waitlist.data,
    payments: payments.data,
  });
  const shownTables = tables.data;
  const active = tables.data.filter((t) => t.state !== 'MAINTENANCE').length;

  return (
    <div data-testid="dashboard">
      {header}
      <div className="stat-grid">
        <StatCard
          testId="stat-tables"
          title={DASHBOARD_TEXTS.stats.tablesOccupied}
          value={`${stats.tables.occupied}/${stats.tables.total}`}
          detail={DASHBOARD_TEXTS.occupancy(stats.tables.percent, stats.tables.level.level)}
          color={stats.tables.level.color}
        />
        <StatCard
          testId="stat-orders"
          title={DASHBOARD_TEXTS.stats.activeOrders}
          value={stats.activeOrders}
          detail={DASHBOARD_TEXTS.openOrders(stats.activeOrders)}
        />
        <StatCard
          testId="stat-waitlist"
          title={DASHBOARD_TEXTS.stats.waitlist}
          value={stats.waitlist.parties}
          detail={
            stats.waitlist.nextWaitMinutes === null
              ? DASHBOARD_TEXTS.noWait
              : DASHBOARD_TEXTS.parties(stats.waitlist.parties, stats.waitlist.guests)
          }
        />
        <StatCard
          testId="stat-payments"
          title={DASHBOARD_TEXTS.stats.paymentsPending}
          value={stats.paymentsPending}
          detail={DASHBOARD_TEXTS.tablesPaying(stats.paymentsPending)}
        />
      </div>

      <ShiftFigures shift={shift} now={now} />

      <div className="tabs dash-tabs" role="tablist">
        {TABS.map((t) => (
          <button
            key={t}
            type="button"
            role="tab"
            className={tab === t ? 'active' : ''}
            aria-selected={tab === t}
            onClick={() => setTab(t)}
            data-testid={`dashboard-tab-${t}`}
          >
            {DASHBOARD_TEXTS.tabs[t]}
          </button>
        ))}
      </div>

      <div role="tabpanel" className="dash-panel">
        {tab === 'overview' && (
          <div className="dash-columns">
            <QuickActionsGrid tables={tables.data} onVerify={() => setTab('payments')} />
            <AlertsPanel tables={shownTables} payments={payments.data} />
            <section className="panel dash-wide">
              <h2>{DASHBOARD_TEXTS.tabs.floor}</h2>
              <FloorView tables={shownTables} now={now} orders={orders.data} />
            </section>
          </div>
        )}
        {tab === 'floor' && (
          <section className="panel">
            <div className="dash-floor-head">
              <h2>{DASHBOARD_TEXTS.floorTitle}</h2>
              <span className="pill">{DASHBOARD_TEXTS.tablesActive(active)}</span>
              <span className="pill">
                {DASHBOARD_TEXTS.zonesConfigured(published ? published.zones.length : floorZones(tables.data).length)}
              </span>
            </div>
            <LiveFloor layout={published} tables={shownTables} />
          </section>
        )}
        {tab === 'payments' && <PaymentsExitsPanel payments={payments.data} tables={tables.data} now={now} />}
        {tab === 'waitlist' && (
          <div className="dash-columns">
            <WaitlistPanel entries={waitlist.data} tables={tables.data} />
            <ReservationsPanel tables={tables.data} />
          </div>
        )}
        {tab === 'kitchen' && <KitchenPanel items={kitchen.data ?? []} now={now} />}
        {tab === 'activity' && <ActivityFeed tables={tables.data} now={now} />}
      </div>
      {found && <FoundDialog hit={found} orders={orders.data} now={now} onClose={() => setFound(null)} />}
    </div>
  );
}
