// Analytics (spec 2 section 2.9; issue 26): Overview, Operations and Revenue over a range of the
// venue's days, with the period before it for comparison, charts and a CSV export. Every figure is
// GET /api/analytics' (the cloud's rollups); where there is none yet it says so instead of a sample.
import {
  ANALYTICS_TEXTS,
  type AnalyticsPeriod,
  analyticsCsv,
  displayMoney,
  hourLabel,
  peakAndQuietHours,
  percentChange,
  revenueSplit,
  toCents,
  venueInstant,
} from '@tablewise/shared';
import { type ReactNode, useMemo, useState } from 'react';
import { useAnalytics } from '../../../api/get-analytics.js';
import { useBookableTimes } from '../../../api/get-reservations.js';
import { useToast } from '../../../components/toast.js';
import { BarChart } from './bar-chart.js';
import './analytics.css';

const TABS = ['overview', 'operations', 'revenue'] as const;
type Tab = (typeof TABS)[number];
type Preset = keyof typeof ANALYTICS_TEXTS.presets;
const T = ANALYTICS_TEXTS.figures;
const CURRENT = '#1f5fd1';
const PREVIOUS = '#9aa3b5';

function addDays(day: string, n: number): string {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d + n)).toISOString().slice(0, 10);
}

/** The preset's first and last venue day (inclusive). */
function presetDays(preset: Exclude<Preset, 'custom'>, today: string): [string, string] {
  switch (preset) {
    case 'today':
      return [today, today];
    case 'yesterday':
      return [addDays(today, -1), addDays(today, -1)];
    case 'week':
      return [addDays(today, -6), today];
    case 'month':
      return [addDays(today, -29), today];
    default: {
      const never: never = preset;
      throw new Error(`Unknown preset ${String(never)}`);
    }
  }
}

const money = (m: string) => displayMoney(toCents(m));

function Figure(props: {
  title: string;
  value: ReactNode;
  detail?: ReactNode;
  change?: number | null;
  testId?: string;
}) {
  return (
    <section className="stat-card" data-testid={props.testId}>
      <h2>{props.title}</h2>
      <div className="stat-value">{props.value}</div>
      {props.detail && <div className="stat-detail">{props.detail}</div>}
      {props.change !== undefined && props.change !== null && (
        <div className={`change ${props.change >= 0 ? 'up' : 'down'}`}>
          {props.change >= 0 ? '▲' : '▼'} {Math.abs(props.change)}%
        </div>
      )}
    </section>
  );
}

const NotEnough = () => <span className="muted">{ANALYTICS_TEXTS.notEnoughData}</span>;

function Compare({ on, previous }: { on: boolean; previous: string }) {
  return on ? <span className="muted">{ANALYTICS_TEXTS.versus(previous)}</span> : null;
}

function download(name: string, text: string) {
  const url = URL.createObjectURL(new Blob([text], { type: 'text/csv;charset=utf-8' }));
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  a.click();
  URL.revokeObjectURL(url);
}

export function AnalyticsScreen() {
  const times = useBookableTimes();
  const { toast } = useToast();
  const zone = times.data?.timeZone;
  const today = times.data?.today;
  const [tab, setTab] = useState<Tab>('overview');
  const [preset, setPreset] = useState<Preset>('week');
  const [custom, setCustom] = useState<[string, string] | null>(null);
  const [compare, setCompare] = useState(true);
  const days: [string, string] | null = today
    ? preset === 'custom'
      ? (custom ?? presetDays('week', today))
      : presetDays(preset, today)
    : null;
  const range = useMemo(
    () =>
      days && zone
        ? {
            from: venueInstant(days[0], 0, zone).toISOString(),
            to: venueInstant(addDays(days[1], 1), 0, zone).toISOString(),
          }
        : null,
    [days?.[0], days?.[1], zone],
  );
  const analytics = useAnalytics(range);
  const data = analytics.data;

  const controls = (
    <div className="analytics-controls">
      <label className="inline-field">
        {ANALYTICS_TEXTS.range}
        <select value={preset} onChange={(e) => setPreset(e.target.value as Preset)} data-testid="analytics-preset">
          {(Object.keys(ANALYTICS_TEXTS.presets) as Preset[]).map((p) => (
            <option key={p} value={p}>
              {ANALYTICS_TEXTS.presets[p]}
            </option>
          ))}
        </select>
      </label>
      {preset === 'custom' && days && (
        <>
          <label className="inline-field">
            {ANALYTICS_TEXTS.from}
            <input
              type="date"
              value={days[0]}
              max={days[1]}
              onChange={(e) => e.target.value && setCustom([e.target.value, days[1]])}
            />
          </label>
          <label className="inline-field">
            {ANALYTICS_TEXTS.to}
            <input
              type="date"
              value={days[1]}
              min={days[0]}
              onChange={(e) => e.target.value && setCustom([days[0], e.target.value])}
            />
          </label>
        </>
      )}
      <label className="inline-field check">
        <input type="checkbox" checked={compare} onChange={(e) => setCompare(e.target.checked)} />
        {ANALYTICS_TEXTS.compare}
      </label>
      <button
        type="button"
        className="button"
        disabled={!data}
        onClick={() => {
          if (!data || !days) return;
          const file = `analytics-${days[0]}-${days[1]}.csv`;
          download(file, analyticsCsv(data));
          toast({ title: ANALYTICS_TEXTS.exported(file), description: ANALYTICS_TEXTS.exportedWhere });
        }}
        data-testid="analytics-csv"
      >
        {ANALYTICS_TEXTS.exportCsv}
      </button>
    </div>
  );

  return (
    <div data-testid="analytics">
      <div className="page-header">
        <h1>{ANALYTICS_TEXTS.title}</h1>
      </div>
      {controls}
      <div className="tabs" role="tablist">
        {TABS.map((t) => (
          <button
            key={t}
            type="button"
            role="tab"
            aria-selected={tab === t}
            className={tab === t ? 'active' : ''}
            onClick={() => setTab(t)}
            data-testid={`analytics-tab-${t}`}
          >
            {ANALYTICS_TEXTS.tabs[t]}
          </button>
        ))}
      </div>
      {analytics.isError && (
        <p className="live-error" role="alert">
          {analytics.error.message || ANALYTICS_TEXTS.loadFailed}
        </p>
      )}
      {!data && !analytics.isError && <p className="empty">{ANALYTICS_TEXTS.loading}</p>}
      {data && (
        <div role="tabpanel" className="analytics-panel">
          {tab === 'overview' && <Overview data={data} compare={compare} />}
          {tab === 'operations' && <Operations c={data.current} p={data.previous} compare={compare} />}
          {tab === 'revenue' && <Revenue c={data.current} p={data.previous} compare={compare} />}
        </div>
      )}
    </div>
  );
}

function Overview({ data, compare }: { data: NonNullable<ReturnType<typeof useAnalytics>['data']>; compare: boolean }) {
  const { current: c, previous: p, live } = data;
  const change = (a: number, b: number) => (compare ? percentChange(a, b) : undefined);
  return (
    <div className="stat-grid analytics-grid">
      <Figure
        title={T.occupancy}
        value={live.tables === 0 ? <NotEnough /> : `${live.occupancyPercent}%`}
        detail={`${live.occupied}/${live.tables}`}
        testId="an-occupancy"
      />
      <Figure
        title={T.averageOrderValue}
        value={c.averageOrderValue ? money(c.averageOrderValue) : <NotEnough />}
        detail={<Compare on={compare} previous={p.averageOrderValue ? money(p.averageOrderValue) : '—'} />}
        change={
          c.averageOrderValue && p.averageOrderValue
            ? change(toCents(c.averageOrderValue), toCents(p.averageOrderValue))
            : undefined
        }
        testId="an-aov"
      />
      <Figure
        title={T.lastHour}
        value={live.lastHourOrders}
        detail={T.lastHourDetail(live.lastHourOrders, money(live.lastHourRevenue))}
      />
      <Figure
        title={T.orders}
        value={c.orders}
        detail={<Compare on={compare} previous={String(p.orders)} />}
        change={change(c.orders, p.orders)}
        testId="an-orders"
      />
      <Figure
        title={T.covers}
        value={c.covers}
        detail={<Compare on={compare} previous={String(p.covers)} />}
        change={change(c.covers, p.covers)}
      />
      <Figure
        title={T.revenue}
        value={money(c.revenue)}
        detail={<Compare on={compare} previous={money(p.revenue)} />}
        change={change(toCents(c.revenue), toCents(p.revenue))}
        testId="an-revenue"
      />
      <Figure
        title={T.turnover}
        value={c.tableEvents}
        detail={T.turnoverDetail}
        change={change(c.tableEvents, p.tableEvents)}
      />
      <Figure title={T.activeSessions} value={live.activeSessions} />
    </div>
  );
}

function Operations({ c, p, compare }: { c: AnalyticsPeriod; p: AnalyticsPeriod; compare: boolean }) {
  const hours = peakAndQuietHours(c);
  return (
    <div className="analytics-sections">
      <div className="stat-grid analytics-grid">
        <Figure
          title={T.turnTime}
          value={c.averageTurnMinutes === null ? <NotEnough /> : T.minutes(c.averageTurnMinutes)}
          detail={
            <>
              {T.turns(c.turns)}
              {compare ? ' · ' : ''}
              <Compare on={compare} previous={p.averageTurnMinutes === null ? '—' : T.minutes(p.averageTurnMinutes)} />
            </>
          }
        />
        <Figure
          title={T.waits}
          value={
            c.averageActualWaitMinutes === null ? (
              <NotEnough />
            ) : (
              `${T.minutes(c.averageQuotedWaitMinutes ?? 0)} / ${T.minutes(c.averageActualWaitMinutes)}`
            )
          }
          detail={`${T.quoted} / ${T.actual} · ${T.waitsDetail(c.waitlistSeated)}`}
        />
        <Figure title={T.peak} value={hours ? hourLabel(hours.peak) : <NotEnough />} />
        <Figure title={T.slowest} value={hours ? hourLabel(hours.quiet) : <NotEnough />} />
      </div>
      <section className="panel">
        <h2>{T.kitchen}</h2>
        {c.kitchen.length === 0 ? (
          <NotEnough />
        ) : (
          <>
            <BarChart
              label={T.kitchen}
              labels={c.kitchen.map((k) => k.station || '—')}
              series={[{ label: T.kitchen, values: c.kitchen.map((k) => k.averageMinutes), color: CURRENT }]}
            />
            <ul className="dash-list">
              {c.kitchen.map((k) => (
                <li key={k.station} className="dash-row">
                  <strong>{k.station || '—'}</strong>
                  <span>{T.minutes(k.averageMinutes)}</span>
                  <span className="muted">{T.tickets(k.tickets)}</span>
                </li>
              ))}
            </ul>
          </>
        )}
      </section>
    </div>
  );
}

function Revenue({ c, p, compare }: { c: AnalyticsPeriod; p: AnalyticsPeriod; compare: boolean }) {
  const split = revenueSplit(c);
  const hours = Array.from(new Set([...c.byHour, ...(compare ? p.byHour : [])].map((h) => h.hour))).sort(
    (a, b) => a - b,
  );
  const at = (period: AnalyticsPeriod, hour: number) =>
    toCents(period.byHour.find((h) => h.hour === hour)?.revenue ?? '0') / 100;
  // Hours with covers but nothing paid yet draw empty axes: that is not enough data either.
  const anyByHour = hours.some((h) => at(c, h) > 0 || (compare && at(p, h) > 0));
  const anyByDay = c.byDay.some((d) => toCents(d.revenue) > 0);
  return (
    <div className="analytics-sections">
      <div className="stat-grid analytics-grid">
        <Figure
          title={T.revenue}
          value={money(c.revenue)}
          detail={<Compare on={compare} previous={money(p.revenue)} />}
          change={compare ? percentChange(toCents(c.revenue), toCents(p.revenue)) : undefined}
        />
        <Figure
          title={T.tips}
          value={money(c.tips)}
          detail={<Compare on={compare} previous={money(p.tips)} />}
          change={compare ? percentChange(toCents(c.tips), toCents(p.tips)) : undefined}
        />
      </div>
      <section className="panel">
        <h2>{T.revenueByHour}</h2>
        {!anyByHour ? (
          <NotEnough />
        ) : (
          <BarChart
            label={T.revenueByHour}
            labels={hours.map(hourLabel)}
            series={[
              { label: T.revenue, values: hours.map((h) => at(c, h)), color: CURRENT },
              ...(compare
                ? [{ label: ANALYTICS_TEXTS.previousPeriod, values: hours.map((h) => at(p, h)), color: PREVIOUS }]
                : []),
            ]}
          />
        )}
      </section>
      <section className="panel">
        <h2>{T.revenueByDay}</h2>
        {!anyByDay ? (
          <NotEnough />
        ) : (
          <BarChart
            label={T.revenueByDay}
            labels={c.byDay.map((d) => d.day)}
            series={[{ label: T.revenueByDay, values: c.byDay.map((d) => toCents(d.revenue) / 100), color: CURRENT }]}
          />
        )}
      </section>
      <div className="dash-columns">
        <section className="panel" data-testid="an-split">
          <h2>{T.revenueSplit}</h2>
          {split === null ? (
            <NotEnough />
          ) : (
            <ul className="dash-list">
              {split.map((s) => (
                <li key={s.label} className="dash-row">
                  <strong>{s.label}</strong>
                  <span>{money(s.amount)}</span>
                  <span className="muted">{s.percent}%</span>
                </li>
              ))}
            </ul>
          )}
        </section>
        <section className="panel" data-testid="an-methods">
          <h2>{T.paymentMethods}</h2>
          {c.paymentMethods.length === 0 ? (
            <NotEnough />
          ) : (
            <ul className="dash-list">
              {c.paymentMethods.map((m) => (
                <li key={m.method} className="dash-row">
                  <strong>{m.method}</strong>
                  <span>{money(m.amount)}</span>
                  <span className="muted">{m.payments}</span>
                </li>
              ))}
            </ul>
          )}
        </section>
      </div>
    </div>
  );
}
