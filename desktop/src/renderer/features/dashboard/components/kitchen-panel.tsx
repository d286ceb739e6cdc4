// Kitchen/Expo (spec 2 section 2.1): the station queues, the items cooking with Mark READY (the
// kitchen display's item call) and the runners' queue with Mark Complete (the runner interface's
// Delivered).
import { DASHBOARD_TEXTS, type KitchenItem, type RunnerOrder, stationStats } from '@tablewise/shared';
import { useChangeRunnerOrderStatus } from '../../../api/change-runner-order-status.js';
import { useRunnerOrders } from '../../../api/get-runner-orders.js';
import { useUpdateItemStatus } from '../../../api/update-item-status.js';

export function KitchenPanel({ items, now }: { items: readonly KitchenItem[]; now: Date }) {
  const stations = stationStats(items, now);
  const cooking = items.filter((i) => i.status === 'IN_PREP' || i.status === 'SENT_TO_KITCHEN');
  const ready = useUpdateItemStatus();
  const runner = useRunnerOrders({ auto: false });
  const move = useChangeRunnerOrderStatus();
  const queue = (runner.data ?? []).filter((o) => o.status === 'READY_FOR_RUN' || o.status === 'OUT_FOR_DELIVERY');
  const complete = (o: RunnerOrder) =>
    move.mutate({ id: o.id, status: 'DELIVERED', ...(o.runnerAssigned ? { runnerId: o.runnerAssigned } : {}) });
  return (
    <div className="dash-columns dash-three">
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
      <section className="panel" data-testid="dashboard-expo">
        <h2>{DASHBOARD_TEXTS.expoReady}</h2>
        {cooking.length === 0 ? (
          <p className="empty">{DASHBOARD_TEXTS.noExpoItems}</p>
        ) : (
          <ul className="dash-list">
            {cooking.map((i) => (
              <li key={i.id} className="dash-row" data-testid="dash-expo-item">
                <strong>{i.menuItem.name}</strong>
                <span className="muted">{i.tableNumber ? DASHBOARD_TEXTS.table(i.tableNumber) : ''}</span>
                <span className="muted">{i.menuItem.station ?? ''}</span>
                <button
                  type="button"
                  className="button primary dash-act"
                  disabled={ready.isPending || i.status !== 'IN_PREP'}
                  onClick={() => ready.mutate({ id: i.id, status: 'READY_FOR_RUN' })}
                  data-testid="dash-mark-ready"
                >
                  {DASHBOARD_TEXTS.markReady}
                </button>
              </li>
            ))}
          </ul>
        )}
      </section>
      <section className="panel" data-testid="dashboard-runner-queue">
        <h2>{DASHBOARD_TEXTS.runnerQueue}</h2>
        {queue.length === 0 ? (
          <p className="empty">{DASHBOARD_TEXTS.noRunnerOrders}</p>
        ) : (
          <ul className="dash-list">
            {queue.map((o) => (
              <li key={o.id} className="dash-row" data-testid="dash-runner-order">
                <strong>{o.tableName ?? o.zone}</strong>
                <span className="muted">{o.items.map((i) => `${i.quantity}× ${i.menuItemName}`).join(', ')}</span>
                <button
                  type="button"
                  className="button primary dash-act"
                  disabled={move.isPending || o.status !== 'OUT_FOR_DELIVERY'}
                  onClick={() => complete(o)}
                  data-testid="dash-mark-complete"
                >
                  {DASHBOARD_TEXTS.markComplete}
                </button>
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}
