import { KITCHEN_TEXTS, type KitchenItem, stationStats } from '@tablewise/shared';

export function AnalyticsView({ items, now }: { items: readonly KitchenItem[]; now: Date }) {
  const rows = stationStats(items, now);
  if (rows.length === 0) return <p className="empty">{KITCHEN_TEXTS.noItems}</p>;
  return (
    <table className="stats-table" data-testid="station-efficiency">
      <thead>
        <tr>
          <th scope="col">{KITCHEN_TEXTS.station}</th>
          <th scope="col">{KITCHEN_TEXTS.held}</th>
          <th scope="col">{KITCHEN_TEXTS.pending}</th>
          <th scope="col">{KITCHEN_TEXTS.inPrep}</th>
          <th scope="col">{KITCHEN_TEXTS.readyCount}</th>
          <th scope="col">{KITCHEN_TEXTS.lateCount}</th>
          <th scope="col">{KITCHEN_TEXTS.efficiency}</th>
        </tr>
      </thead>
      <tbody>
        {rows.map((row) => (
          <tr key={row.station}>
            <th scope="row">{row.station}</th>
            <td>{row.held}</td>
            <td>{row.pending}</td>
            <td>{row.inPrep}</td>
            <td>{row.ready}</td>
            <td className={row.late > 0 ? 'late' : ''}>{row.late}</td>
            <td>
              <div className="efficiency">
                <div className="progress">
                  <div className="progress-fill" style={{ width: `${row.efficiency}%` }} />
                </div>
                <span>{Math.round(row.efficiency)}%</span>
              </div>
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
