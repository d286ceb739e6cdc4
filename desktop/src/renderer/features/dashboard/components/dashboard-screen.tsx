// The dashboard (spec 2 section 2.1): four stat cards and six tabs over the venue's real tables,
// open orders, queue and kitchen, read from the replica on a terminal and from PostgreSQL on the
// cloud. Live events mark those reads stale (and a table change patches the floor in place), so
// every figure moves without a reload; the Activity Feed lists the live messages since it opened.
import {
  ACTIVITY_FILTERS,
  type ActivityFilter,
  DASHBOARD_TEXTS,
  DASHBOARD_TITLE,
  DASHBOARD_TITLE_MOBILE,
  dashboardStats,
  floorZones,
  type KitchenItem,
  matchesActivityFilter,
  minutesSince,
  type Order,
  ordersOfTableParty,
  outstandingCount,
  type Payment,
  partySizeLabel,
  quotedWait,
  type Reservation,
  reservationBadge,
  SIDEBAR_QUICK_ACTIONS,
  stationStats,
  type Table,
  type TableState,
  tableServiceNote,
  tableStateColor,
  tableStateLabel,
  tablesNeedingAttention,
  tablesSettling,
  type WaitlistEntry,
} from '@tablewise/shared';
import { type ReactNode, useState } from 'react';
import { Link } from 'react-router-dom';
import { useLiveMessages } from '../../../app/live-provider.js';
import { useShell } from '../../../app/shell-context.js';
import { useNow } from '../../../components/use-now.js';
import { useVenueClock } from '../../../components/use-venue-clock.js';
import { useBookableTimes, useReservations } from '../../reservations/api/get-reservations.js';
import { useKitchenItems } from '../api/get-kitchen-items.js';
import { useOrders } from '../api/get-orders.js';
import { usePayments } from '../api/get-payments.js';
import { useTables } from '../api/get-tables.js';
import { useWaitlist } from '../api/get-waitlist.js';
import { FloorView } from './floor-view.js';

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

function matchesSearch(table: Table, search: string): boolean {
  const s = search.trim().toLowerCase();
  if (s.length === 0) return true;
  return (
    table.number.toLowerCase().includes(s) ||
    table.name.toLowerCase().includes(s) ||
    (table.partyName?.toLowerCase().includes(s) ?? false)
  );
}

function QuickActionsGrid() {
  const { features, runQuickAction } = useShell();
  const built = new Set(features.map((f) => f.path));
  const links: { title: string; to: string }[] = [
    { title: DASHBOARD_TEXTS.addWalkIn, to: '/waitlist' },
    { title: DASHBOARD_TEXTS.addReservation, to: '/reservations' },
    { title: DASHBOARD_TEXTS.viewWaitlist, to: '/waitlist' },
    { title: DASHBOARD_TEXTS.kitchenDisplay, to: '/kitchen-display' },
  ];
  return (
    <section className="panel">
      <h2>{DASHBOARD_TEXTS.quickActions}</h2>
      <div className="quick-grid" data-testid="dashboard-quick-actions">
        {links
          .filter((l) => built.has(l.to))
          .map((l) => (
            <Link key={l.title} className="button" to={l.to}>
              {l.title}
            </Link>
          ))}
        {SIDEBAR_QUICK_ACTIONS.map((a) => (
          <button key={a.id} type="button" className="button" onClick={() => runQuickAction(a.id)}>
            {a.title}
          </button>
        ))}
      </div>
    </section>
  );
}

function AlertsPanel({ tables, payments, now }: { tables: readonly Table[]; payments: readonly Payment[]; now: Date }) {
  const alerts = tablesNeedingAttention(tables, payments);
  return (
    <section className="panel" data-testid="dashboard-alerts">
      <h2>{DASHBOARD_TEXTS.alerts}</h2>
      {alerts.length === 0 ? (
        <p className="empty">{DASHBOARD_TEXTS.noAlerts}</p>
      ) : (
        <ul className="dash-list">
          {alerts.map((t) => (
            <TableRow key={t.id} table={t} now={now} />
          ))}
        </ul>
      )}
    </section>
  );
}

function TableRow({ table, now, orders = [] }: { table: Table; now: Date; orders?: readonly Order[] }) {
  const seated = minutesSince(table.timeSeated, now);
  const service = tableServiceNote(table.state, outstandingCount(ordersOfTableParty(orders, table)));
  return (
    <li className="dash-row" data-testid="dash-table-row">
      <span className="state-dot" data-color={tableStateColor(table.state)} aria-hidden="true" />
      <strong>{DASHBOARD_TEXTS.table(table.number)}</strong>
      <span>{tableStateLabel(table.state)}</span>
      {table.partyName && <span className="muted">{table.partyName}</span>}
      {table.guestCount !== null && <span className="muted">{DASHBOARD_TEXTS.guests(table.guestCount)}</span>}
      {seated !== null && <span className="muted">{DASHBOARD_TEXTS.seatedFor(seated)}</span>}
      {service && <strong data-testid="table-service-note">{service}</strong>}
    </li>
  );
}

function WaitlistPanel({ entries }: { entries: readonly WaitlistEntry[] }) {
  const waiting = entries.filter((e) => e.status === 'WAITING' || e.status === 'NOTIFIED');
  return (
    <section className="panel" data-testid="dashboard-waitlist">
      <h2>{DASHBOARD_TEXTS.waitlistCard}</h2>
      {waiting.length === 0 ? (
        <p className="empty">{DASHBOARD_TEXTS.noParties}</p>
      ) : (
        <ol className="dash-list">
          {waiting.map((e, i) => {
            const wait = quotedWait(i + 1);
            return (
              <li key={e.id} className="dash-row">
                <strong>{e.guestName}</strong>
                <span>{partySizeLabel(e.partySize)}</span>
                <span className="muted">{`${wait.min}-${wait.max} min`}</span>
              </li>
            );
          })}
        </ol>
      )}
    </section>
  );
}

/** Today's reservations still to come or to seat, by time: the card beside the waitlist. */
function ReservationsPanel({ tables }: { tables: readonly Table[] }) {
  const times = useBookableTimes();
  const list = useReservations(times.data?.today);
  const clock = useVenueClock();
  const upcoming = (list.data ?? []).filter((r) => r.status === 'CONFIRMED' || r.status === 'CHECKED_IN');
  const tableName = (r: Reservation) => tables.find((t) => t.id === r.lockedTableIds[0])?.name ?? null;
  return (
    <section className="panel" data-testid="dashboard-reservations">
      <h2>{DASHBOARD_TEXTS.reservationsCard}</h2>
      {upcoming.length === 0 ? (
        <p className="empty">{DASHBOARD_TEXTS.noReservations}</p>
      ) : (
        <ol className="dash-list">
          {upcoming.map((r) => (
            <li key={r.id} className="dash-row">
              <span>{clock(r.slotStart)}</span>
              <strong>{r.guestContact.name}</strong>
              <span>{partySizeLabel(r.partySize)}</span>
              <span className="muted">{tableName(r) ?? reservationBadge(r.status).label}</span>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}

function KitchenPanel({ items, now }: { items: readonly KitchenItem[]; now: Date }) {
  const stations = stationStats(items, now);
  const ready = items.filter((i) => i.status === 'READY_FOR_RUN').length;
  return (
    <div className="dash-columns">
      <section className="panel" data-testid="dashboard-stations">
        <h2>{DASHBOARD_TEXTS.stationQueues}</h2>
        {stations.length === 0 ? (
          <p className="empty">{DASHBOARD_TEXTS.noKitchenItems}</p>
        ) : (
          <ul className="dash-list">
            {stations.map((s) => (
              <li key={s.station} className="dash-row">
                <strong>{s.station}</strong>
                <span>{DASHBOARD_TEXTS.pendingCount(s.pending)}</span>
                <span>{DASHBOARD_TEXTS.inPrepCount(s.inPrep)}</span>
                <span className="muted">{DASHBOARD_TEXTS.readyCount(s.ready)}</span>
              </li>
            ))}
          </ul>
        )}
      </section>
      <section className="panel">
        <h2>{DASHBOARD_TEXTS.expoReady}</h2>
        <div className="stat-value">{ready}</div>
      </section>
    </div>
  );
}

interface ActivityEntry {
  key: number;
  type: string;
  tableState: TableState | null;
  text: string;
  at: Date;
}

function ActivityFeed({ entries, now }: { entries: readonly ActivityEntry[]; now: Date }) {
  const [filter, setFilter] = useState<ActivityFilter>('all');
  const shown = entries.filter((e) => matchesActivityFilter(e, filter));
  return (
    <section className="panel" data-testid="dashboard-activity">
      <label className="inline-field">
        {DASHBOARD_TEXTS.activityFilter}
        <select value={filter} onChange={(e) => setFilter(e.target.value as ActivityFilter)}>
          {ACTIVITY_FILTERS.map((f) => (
            <option key={f} value={f}>
              {DASHBOARD_TEXTS.activityFilters[f]}
            </option>
          ))}
        </select>
      </label>
      {shown.length === 0 ? (
        <p className="empty">{DASHBOARD_TEXTS.noActivity}</p>
      ) : (
        <ul className="dash-list">
          {shown.map((e) => (
            <li key={e.key} className="dash-row" data-testid="activity-entry">
              <span>{e.text}</span>
              <span className="muted">{DASHBOARD_TEXTS.minutesAgo(minutesSince(e.at.toISOString(), now) ?? 0)}</span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

/** How many live messages the feed keeps. */
const ACTIVITY_KEEP = 50;

function useActivity(): ActivityEntry[] {
  const [entries, setEntries] = useState<ActivityEntry[]>([]);
  useLiveMessages((message) => {
    if (message.kind !== 'event') return;
    const table = message.table;
    const text = table ? `${DASHBOARD_TEXTS.table(table.number)}: ${tableStateLabel(table.state)}` : message.type;
    const entry: ActivityEntry = {
      key: message.seq,
      type: message.type,
      tableState: table?.state ?? null,
      text,
      at: new Date(),
    };
    setEntries((was) => [entry, ...was.filter((e) => e.key !== entry.key)].slice(0, ACTIVITY_KEEP));
  });
  return entries;
}

export function DashboardScreen() {
  const tables = useTables();
  const orders = useOrders();
  const waitlist = useWaitlist();
  const payments = usePayments();
  const kitchen = useKitchenItems();
  const activity = useActivity();
  const now = useNow(30_000);
  const [tab, setTab] = useState<Tab>('overview');
  const [search, setSearch] = useState('');

  const header = (
    <div className="page-header dash-header">
      <h1>
        <span className="wide-only">{DASHBOARD_TITLE}</span>
        <span className="narrow-only">{DASHBOARD_TITLE_MOBILE}</span>
      </h1>
      <input
        type="search"
        className="dash-search"
        placeholder={DASHBOARD_TEXTS.searchPlaceholder}
        aria-label={DASHBOARD_TEXTS.searchPlaceholder}
        value={search}
        onChange={(e) => setSearch(e.target.value)}
        data-testid="dashboard-search"
      />
    </div>
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
  const shownTables = tables.data.filter((t) => matchesSearch(t, search));
  const settling = new Set(tablesSettling(shownTables, payments.data));
  const paying = shownTables.filter((t) => settling.has(t) || t.state === 'EXIT_PENDING');
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
            <QuickActionsGrid />
            <AlertsPanel tables={shownTables} payments={payments.data} now={now} />
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
              <span className="pill">{DASHBOARD_TEXTS.zonesConfigured(floorZones(tables.data).length)}</span>
            </div>
            <FloorView tables={shownTables} now={now} orders={orders.data} />
          </section>
        )}
        {tab === 'payments' && (
          <section className="panel" data-testid="dashboard-payments">
            <h2>{DASHBOARD_TEXTS.tabs.payments}</h2>
            {paying.length === 0 ? (
              <p className="empty">{DASHBOARD_TEXTS.noPayments}</p>
            ) : (
              <ul className="dash-list">
                {paying.map((t) => (
                  <TableRow key={t.id} table={t} now={now} orders={orders.data} />
                ))}
              </ul>
            )}
          </section>
        )}
        {tab === 'waitlist' && (
          <div className="dash-columns">
            <WaitlistPanel entries={waitlist.data} />
            <ReservationsPanel tables={tables.data} />
          </div>
        )}
        {tab === 'kitchen' && <KitchenPanel items={kitchen.data ?? []} now={now} />}
        {tab === 'activity' && <ActivityFeed entries={activity} now={now} />}
      </div>
    </div>
  );
}
