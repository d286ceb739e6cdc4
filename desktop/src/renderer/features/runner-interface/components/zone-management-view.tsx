import { RUNNER_TEXTS, type Runner, type RunnerOrder, zoneStats } from '@tablewise/shared';

/** Each zone's efficiency and average delivery time (spec 2 section 9), and where runners are. */
export function ZoneManagementView({
  orders,
  runners,
}: {
  orders: readonly RunnerOrder[];
  runners: readonly Runner[];
}) {
  const rows = zoneStats(orders);
  return (
    <div className="zone-management">
      {rows.length === 0 ? (
        <p className="empty">{RUNNER_TEXTS.noOrders}</p>
      ) : (
        <table className="stats-table" data-testid="zone-stats">
          <thead>
            <tr>
              <th scope="col">{RUNNER_TEXTS.zone}</th>
              <th scope="col">{RUNNER_TEXTS.ready}</th>
              <th scope="col">{RUNNER_TEXTS.out}</th>
              <th scope="col">{RUNNER_TEXTS.deliveredCount}</th>
              <th scope="col">{RUNNER_TEXTS.averageDelivery}</th>
              <th scope="col">{RUNNER_TEXTS.efficiency}</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <tr key={row.zone}>
                <th scope="row">{row.zone}</th>
                <td>{row.ready}</td>
                <td>{row.outForDelivery}</td>
                <td>{row.delivered}</td>
                <td>{RUNNER_TEXTS.minutes(row.averageDeliveryMinutes)}</td>
                <td>
                  <div className="efficiency">
                    <div className="progress">
                      <div className="progress-fill" style={{ width: `${row.efficiency}%` }} />
                    </div>
                    <span>{row.efficiency}%</span>
                  </div>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      <h2 className="section-title">{RUNNER_TEXTS.runners}</h2>
      <ul className="runner-list">
        {runners.map((r) => (
          <li key={r.id} className={`runner-status-${r.status}`}>
            <strong>{r.name}</strong>
            <span className="badge">{RUNNER_TEXTS.runnerStatus[r.status]}</span>
            {r.currentZone && <span className="muted">{r.currentZone}</span>}
          </li>
        ))}
      </ul>
    </div>
  );
}
