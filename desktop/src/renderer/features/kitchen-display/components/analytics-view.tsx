import { KITCHEN_FLOW_TEXTS, KITCHEN_TEXTS, type KitchenItem, stationStats } from '@tablewise/shared';
import { useTicketTimes } from '../api/get-ticket-times.js';

export function AnalyticsView({ items, now }: { items: readonly KitchenItem[]; now: Date }) {
  const rows = stationStats(items, now);
  return (
    <div className="kitchen-analytics">
      <h2>{KITCHEN_FLOW_TEXTS.stationEfficiency}</h2>
      {rows.length === 0 ? (
        <p className="empty">{KITCHEN_TEXTS.noItems}</p>
      ) : (
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
      )}
      <TicketTimes />
    </div>
  );
}

/** Fired → ready per station, from the cloud's events; left out where the cloud cannot be asked. */
function TicketTimes() {
  const times = useTicketTimes();
  if (!times.isSuccess) return null;
  return (
    <section className="ticket-times">
      <h2>{KITCHEN_FLOW_TEXTS.ticketTimes}</h2>
      {times.data.length === 0 ? (
        <p className="empty">{KITCHEN_FLOW_TEXTS.noTicketTimes}</p>
      ) : (
        <table className="stats-table" data-testid="ticket-times">
          <thead>
            <tr>
              <th scope="col">{KITCHEN_TEXTS.station}</th>
              <th scope="col">{KITCHEN_FLOW_TEXTS.ticketCount}</th>
              <th scope="col">{KITCHEN_FLOW_TEXTS.averageMinutes}</th>
              <th scope="col">{KITCHEN_FLOW_TEXTS.longestMinutes}</th>
            </tr>
          </thead>
          <tbody>
            {times.data.map((row) => (
              <tr key={row.station}>
                <th scope="row">{row.station}</th>
                <td>{row.tickets}</td>
                <td>{KITCHEN_FLOW_TEXTS.minutes(row.averageMinutes)}</td>
                <td>{KITCHEN_FLOW_TEXTS.minutes(row.longestMinutes)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}
