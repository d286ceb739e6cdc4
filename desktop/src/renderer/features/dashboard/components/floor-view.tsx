// The live floor: every table by zone, coloured by its state (spec 2 section 4), with its number,
// state, seats and the party at it. It takes the tables as props, so any screen that already reads
// GET /api/tables (the dashboard, a host's floor section) shows the same floor; `table.state.changed`
// patches that read in place, so the floor moves without a reload.
import {
  DASHBOARD_TEXTS,
  floorZones,
  minutesSince,
  type Order,
  ordersOfTableParty,
  outstandingCount,
  type Table,
  tableServiceNote,
  tableStateColor,
  tableStateLabel,
} from '@tablewise/shared';
import { ServiceNoteText } from '../../../components/service-note.js';

export interface FloorViewProps {
  tables: readonly Table[];
  now: Date;
  /** The venue's open orders: a paid table shows what its party still has coming. */
  orders?: readonly Order[];
  /** Called with the table a person taps; without it the tiles are not buttons. */
  onSelect?: (table: Table) => void;
  /** The table to mark as chosen. */
  selectedId?: string | null;
}

function TableTile({ table, now, orders }: { table: Table; now: Date; orders: readonly Order[] }) {
  const seated = minutesSince(table.timeSeated, now);
  const service = tableServiceNote(table.state, outstandingCount(ordersOfTableParty(orders, table)));
  return (
    <>
      <span className="floor-tile-number">{table.number}</span>
      <span className="floor-tile-state">{tableStateLabel(table.state)}</span>
      <span className="floor-tile-detail">
        {table.guestCount !== null
          ? `${DASHBOARD_TEXTS.guests(table.guestCount)} / ${table.capacityMax}`
          : DASHBOARD_TEXTS.seats(table.capacityMax)}
      </span>
      {table.partyName && <span className="floor-tile-detail">{table.partyName}</span>}
      {seated !== null && <span className="floor-tile-detail">{DASHBOARD_TEXTS.seatedFor(seated)}</span>}
      {service && (
        <span className="floor-tile-service" data-testid="table-service-note">
          <ServiceNoteText note={service} />
        </span>
      )}
    </>
  );
}

export function FloorView({ tables, now, orders = [], onSelect, selectedId = null }: FloorViewProps) {
  if (tables.length === 0) return <p className="empty">{DASHBOARD_TEXTS.noTables}</p>;
  const zones = floorZones(tables);
  const sections: { name: string; tables: Table[] }[] = zones.map((zone) => ({
    name: zone,
    tables: tables.filter((t) => t.zone === zone),
  }));
  const unzoned = tables.filter((t) => t.zone === null || t.zone.length === 0);
  if (unzoned.length > 0) sections.push({ name: DASHBOARD_TEXTS.noZone, tables: unzoned });

  return (
    <div className="floor-view" data-testid="floor-view">
      {sections.map((section) => (
        <section key={section.name} className="floor-zone" aria-label={section.name}>
          <h3>{section.name}</h3>
          <ul className="floor-grid">
            {section.tables.map((table) => {
              const common = {
                className: 'floor-tile',
                'data-color': tableStateColor(table.state),
                'data-state': table.state,
                'data-testid': 'floor-table',
                'data-table-id': table.id,
                title: `${DASHBOARD_TEXTS.table(table.number)}: ${tableStateLabel(table.state)}`,
              };
              return (
                <li key={table.id}>
                  {onSelect ? (
                    <button
                      type="button"
                      {...common}
                      aria-pressed={selectedId === table.id}
                      onClick={() => onSelect(table)}
                    >
                      <TableTile table={table} now={now} orders={orders} />
                    </button>
                  ) : (
                    <div {...common}>
                      <TableTile table={table} now={now} orders={orders} />
                    </div>
                  )}
                </li>
              );
            })}
          </ul>
        </section>
      ))}
    </div>
  );
}
