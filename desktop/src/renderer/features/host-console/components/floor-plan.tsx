// The host console's floor plan: the published floor drawn where its tables stand (issue 25), in
// their state colours, a tap choosing the table for the party being seated; under it the spec's
// list (spec 2 section 2.10): a 6-column grid of 36 cells filled with the tables in order, each
// with its state label and floor-map colour (spec 2 section 4), and a Bar Area row of 8 seats.
// A table the host may seat offers Seat when a party is being seated.
import {
  floorStateLabel,
  HOST_CONSOLE_TEXTS,
  HOST_FLOOR_PLAN,
  hostFloorCells,
  type Order,
  ordersOfTableParty,
  outstandingCount,
  TABLE_SERVICE_TEXTS,
  type Table,
  tableMove,
  tableServiceNote,
  tableStateColor,
} from '@tablewise/shared';
import { usePublishedLayout } from '../../../api/floor-layout.js';
import { LiveFloor } from '../../../components/live-floor.js';
import { ServiceNoteText } from '../../../components/service-note.js';

interface Props {
  tables: readonly Table[];
  /** The venue's open orders: what each paid table's party still has coming. */
  orders?: readonly Order[];
  /** When a party is being seated: the host picks its table here. */
  onSeat?: (table: Table) => void;
  /** Party Left on a paid table: it turns over once nothing is left to serve. */
  onDeparted?: (table: Table) => void;
  /** Tables marked left whose Undo still shows: their Party Left waits. */
  leaving?: ReadonlySet<string>;
}

export function FloorPlan({ tables, orders = [], onSeat, onDeparted, leaving }: Props) {
  const cells = hostFloorCells(tables);
  const layout = usePublishedLayout();
  const seatable = (table: Table) => !!onSeat && tableMove(table.state, 'OCCUPIED', 'staff').ok;
  return (
    <div className="host-floor" data-testid="host-floor">
      <LiveFloor
        layout={layout}
        tables={tables}
        legend={false}
        onPick={onSeat ? (table) => seatable(table) && onSeat(table) : undefined}
        actions={(table, close) =>
          onDeparted && table.state === 'PAYMENT_VERIFIED' && !leaving?.has(table.id) ? (
            <button
              type="button"
              className="button"
              title={TABLE_SERVICE_TEXTS.markDepartedHint}
              onClick={() => {
                close();
                onDeparted(table);
              }}
            >
              {TABLE_SERVICE_TEXTS.markDeparted}
            </button>
          ) : null
        }
      />
      <div
        className="host-floor-grid"
        style={{ gridTemplateColumns: `repeat(${HOST_FLOOR_PLAN.columns}, minmax(6.5rem, 1fr))` }}
      >
        {cells.map((table, i) =>
          table ? (
            <div
              // biome-ignore lint/suspicious/noArrayIndexKey: a cell is its place in the grid
              key={`cell-${i}`}
              className="host-floor-cell"
              data-color={tableStateColor(table.state)}
              data-testid="floor-table"
              data-table-id={table.id}
            >
              <strong className="host-floor-number">{table.number}</strong>
              <span>{floorStateLabel(table.state)}</span>
              {table.partyName && <span className="host-floor-party">{table.partyName}</span>}
              <ServiceNote table={table} orders={orders} />
              {leaving?.has(table.id) && table.state === 'PAYMENT_VERIFIED' ? (
                <span className="host-floor-service" role="status">
                  {TABLE_SERVICE_TEXTS.leaving}
                </span>
              ) : null}
              {onDeparted && table.state === 'PAYMENT_VERIFIED' && !leaving?.has(table.id) && (
                <button
                  type="button"
                  className="button small mark-departed"
                  title={TABLE_SERVICE_TEXTS.markDepartedHint}
                  data-testid="mark-departed"
                  onClick={() => onDeparted(table)}
                >
                  {TABLE_SERVICE_TEXTS.markDeparted}
                </button>
              )}
              {onSeat && seatable(table) && (
                <button type="button" className="button small" onClick={() => onSeat(table)}>
                  {HOST_CONSOLE_TEXTS.seat}
                </button>
              )}
            </div>
          ) : (
            // biome-ignore lint/suspicious/noArrayIndexKey: an empty cell is only its place
            <div key={`cell-${i}`} className="host-floor-cell empty-cell" title={HOST_CONSOLE_TEXTS.emptyCell} />
          ),
        )}
      </div>
      <div className="host-floor-bar">
        <strong>{HOST_CONSOLE_TEXTS.barArea}</strong>
        <div className="host-floor-stools" aria-hidden="true">
          {Array.from({ length: HOST_FLOOR_PLAN.barSeats }, (_, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: stools are only their place
            <span key={i} className="host-floor-stool" />
          ))}
        </div>
        <span className="muted">{HOST_CONSOLE_TEXTS.barSeats(HOST_FLOOR_PLAN.barSeats)}</span>
      </div>
    </div>
  );
}

/** A paid (or departed) table's service: "Paid · 2 items to serve". */
function ServiceNote({ table, orders }: { table: Table; orders: readonly Order[] }) {
  const note = tableServiceNote(table.state, outstandingCount(ordersOfTableParty(orders, table)));
  if (!note) return null;
  return (
    <span className="host-floor-service" data-testid="table-service-note">
      <ServiceNoteText note={note} />
    </span>
  );
}
