// Runner interface (spec 2 section 2.7): Orders, Delivery Runs and Zone Management over the
// runners' reads, kept fresh by live events and, while Auto is on, a 3 s poll.
import { RUNNER_TEXTS, type RunnerOrder, zoneRunOrders, zoneRunProblem } from '@tablewise/shared';
import { useMemo, useState } from 'react';
import { useMe } from '../../../api/get-me.js';
import { useRunnerOrders } from '../../../api/get-runner-orders.js';
import { useRunners } from '../../../api/get-runners.js';
import { failureText } from '../../../app/api-client.js';
import { TabBar } from '../../../components/tab-bar.js';
import { useNow } from '../../../components/use-now.js';
import { useCreateDeliveryRun } from '../api/create-delivery-run.js';
import { DeliveryRunsView } from './delivery-runs-view.js';
import { RunnerOrderCard } from './runner-order-card.js';
import { ZoneManagementView } from './zone-management-view.js';

const VIEWS = ['orders', 'runs', 'zones'] as const;
type View = (typeof VIEWS)[number];
const VIEW_LABELS: Record<View, string> = {
  orders: RUNNER_TEXTS.viewOrders,
  runs: RUNNER_TEXTS.viewRuns,
  zones: RUNNER_TEXTS.viewZones,
};
const ALL = '';
const ACTIVE: ReadonlySet<RunnerOrder['status']> = new Set(['READY_FOR_RUN', 'OUT_FOR_DELIVERY']);

export function RunnerInterface() {
  const [view, setView] = useState<View>('orders');
  const [auto, setAuto] = useState(true);
  // Null until someone chooses: the signed-in runner is chosen by default (issue 22, item 7).
  const [picked, setRunnerId] = useState<string | null>(null);
  const [zone, setZone] = useState<string>(ALL);
  const now = useNow();
  const orders = useRunnerOrders({ auto });
  const runners = useRunners();
  const me = useMe();
  const runnerList = runners.data ?? [];
  const mine = runnerList.find((r) => r.userId !== null && r.userId === me.data?.user.id);
  const runnerId = picked ?? mine?.id ?? ALL;
  const chosen = runnerId === ALL ? null : runnerId;
  // The selector offers available runners; the one chosen, and the one signed in, stay listed while
  // they are out.
  const selectable = runnerList.filter((r) => r.status === 'available' || r.id === runnerId || r.id === mine?.id);

  return (
    <section className="runner">
      <div className="page-head">
        <h1>{RUNNER_TEXTS.title}</h1>
        <TabBar
          variant="segmented"
          label="View"
          options={VIEWS}
          value={view}
          onChange={setView}
          labelOf={(v) => VIEW_LABELS[v]}
        />
        <label className="select">
          {RUNNER_TEXTS.runner}
          <select value={runnerId} onChange={(e) => setRunnerId(e.target.value)} data-testid="runner-select">
            <option value={ALL}>{RUNNER_TEXTS.unassigned}</option>
            {selectable.map((r) => (
              <option key={r.id} value={r.id}>
                {r.name}
              </option>
            ))}
          </select>
        </label>
        <label className="toggle">
          <input type="checkbox" checked={auto} onChange={(e) => setAuto(e.target.checked)} />
          {RUNNER_TEXTS.auto}
        </label>
      </div>
      {orders.isPending && <p className="page-status">{RUNNER_TEXTS.loading}</p>}
      {orders.isError && (
        <p className="form-error" role="alert">
          {failureText(orders.error)}
        </p>
      )}
      {orders.isSuccess && view === 'orders' && (
        <OrdersView
          orders={orders.data}
          now={now}
          zone={zone}
          onZone={setZone}
          runnerId={chosen}
          runners={runnerList}
        />
      )}
      {orders.isSuccess && view === 'runs' && <DeliveryRunsView runners={runnerList} />}
      {orders.isSuccess && view === 'zones' && <ZoneManagementView orders={orders.data} runners={runnerList} />}
    </section>
  );
}

interface OrdersViewProps {
  orders: readonly RunnerOrder[];
  now: Date;
  zone: string;
  onZone: (zone: string) => void;
  runnerId: string | null;
  runners: Parameters<typeof RunnerOrderCard>[0]['runners'];
}

function OrdersView({ orders, now, zone, onZone, runnerId, runners }: OrdersViewProps) {
  const active = useMemo(() => orders.filter((o) => ACTIVE.has(o.status)), [orders]);
  const zones = useMemo(() => {
    const counts = new Map<string, number>();
    for (const o of active) counts.set(o.zone, (counts.get(o.zone) ?? 0) + 1);
    return [...counts].sort(([a], [b]) => a.localeCompare(b));
  }, [active]);
  const shown = active.filter((o) => zone === ALL || o.zone === zone);
  const createRun = useCreateDeliveryRun();
  const runProblem = zone === ALL ? null : zoneRunProblem(runnerId, active, zone);

  return (
    <>
      <div className="filters">
        <TabBar
          label={RUNNER_TEXTS.zone}
          options={[ALL, ...zones.map(([name]) => name)]}
          value={zone}
          onChange={onZone}
          labelOf={(name) => (
            <>
              {name === ALL ? RUNNER_TEXTS.allZones : name}{' '}
              <span className="count">
                {name === ALL ? active.length : zones.find(([zoneName]) => zoneName === name)?.[1]}
              </span>
            </>
          )}
        />
        {zone !== ALL && (
          <div className="batch-actions">
            <button
              type="button"
              className="button primary"
              disabled={createRun.isPending || runProblem !== null}
              aria-describedby={runProblem ? 'zone-run-hint' : undefined}
              onClick={() =>
                runnerId && createRun.mutate({ zone, runnerId, orderIds: zoneRunOrders(active, zone).map((o) => o.id) })
              }
            >
              {RUNNER_TEXTS.createZoneRun}
            </button>
            {runProblem && (
              <span className="hint" id="zone-run-hint">
                {runProblem}
              </span>
            )}
          </div>
        )}
      </div>
      {shown.length === 0 ? (
        <p className="empty">{RUNNER_TEXTS.noOrders}</p>
      ) : (
        <div className="card-grid">
          {shown.map((order) => (
            <RunnerOrderCard key={order.id} order={order} now={now} runnerId={runnerId} runners={runners} />
          ))}
        </div>
      )}
    </>
  );
}
