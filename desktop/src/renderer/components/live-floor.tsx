// The live floor (Manager Mode off; the dashboard's Floor Map tab; the host console's floor plan):
// the published layout at its real positions and shapes, every table coloured by its state (spec 2
// section 4) with its party, guests and time seated, moving as table events arrive. A tap opens
// the table's Quick Actions; a screen may put its own actions there, or take the tap itself (the
// host choosing a table for a party). A terminal draws the layout its replica keeps; where none was
// ever published, the tables are drawn where they stand.
import {
  FLOOR_TEXTS,
  type FloorLayout,
  liveFloorLayout,
  type Point,
  type Table,
  tableStateColor,
  tableStateLabel,
} from '@tablewise/shared';
import { type ReactNode, useMemo, useState } from 'react';
import { Link } from 'react-router-dom';
import { useMoveTable } from '../api/floor-layout.js';
import { ApiError } from '../app/api-client.js';
import { STATE_COLORS } from '../floor-designer/colors.js';
import { FloorCanvas, type Selection } from '../floor-designer/floor-canvas.js';
import type { ToolState } from '../floor-designer/tools/select-tool.js';
import { ZoomControls } from '../floor-designer/zoom-controls.js';
import { useVenueClock } from './use-venue-clock.js';

export interface LiveFloorProps {
  /** The published layout, or null (none published yet). */
  layout: FloorLayout | null;
  tables: readonly Table[];
  /** Takes a tap on a table instead of Quick Actions (the host seating a party). */
  onPick?: ((table: Table) => void) | undefined;
  /** The screen's own buttons for the chosen table, under the Quick Actions. */
  actions?: ((table: Table, close: () => void) => ReactNode) | undefined;
  /** The list of tables beside the map (a screen with its own list leaves it out). */
  legend?: boolean;
}

export function LiveFloor({ layout, tables, onPick, actions, legend = true }: LiveFloorProps) {
  const [selection, setSelectionState] = useState<Selection | null>(null);
  const [zoom, setZoom] = useState(1);
  const [pan, setPan] = useState<Point>({ x: 0, y: 0 });
  const [tool, setTool] = useState<ToolState>({ kind: 'idle' });
  const clock = useVenueClock();
  const moveTable = useMoveTable();
  const [refusal, setRefusal] = useState<string | null>(null);
  const act = (id: string, state: 'EMPTY' | 'PAYMENT_VERIFIED') =>
    moveTable.mutate(
      { id, state },
      {
        onSuccess: () => setSelectionState(null),
        onError: (e) => setRefusal(e instanceof ApiError ? (e.serverMessage ?? e.message) : String(e)),
      },
    );
  const drawn = useMemo(() => liveFloorLayout(layout, tables), [layout, tables]);
  const byId = useMemo(() => new Map(tables.map((t) => [t.id, t])), [tables]);
  const setSelection = (next: Selection | null) => {
    const table = next?.kind === 'component' ? byId.get(next.id) : undefined;
    if (table && onPick) {
      onPick(table);
      return;
    }
    setSelectionState(next);
  };
  const close = () => {
    setSelectionState(null);
    setRefusal(null);
  };
  const chosen = selection?.kind === 'component' ? byId.get(selection.id) : undefined;
  return (
    <div className={legend ? 'live-floor' : 'live-floor live-floor-alone'} data-testid="live-floor">
      <div className="designer-canvas">
        <div className="live-floor-tools">
          <ZoomControls zoom={zoom} onZoom={setZoom} />
        </div>
        <FloorCanvas
          layout={drawn}
          editable={false}
          zoom={zoom}
          onZoom={setZoom}
          pan={pan}
          onPan={setPan}
          gridSnap={false}
          selection={selection}
          onSelect={setSelection}
          tool={tool}
          onTool={setTool}
          newId={() => crypto.randomUUID()}
          label={FLOOR_TEXTS.title}
          itemLabel={(target) => {
            const t = target.kind === 'component' ? byId.get(target.id) : undefined;
            if (t) return `${t.name}, ${FLOOR_TEXTS.seats(t.capacityMax)}, ${tableStateLabel(t.state)}`;
            return drawn.zones.find((z) => z.id === target.id)?.name ?? '';
          }}
          onActivate={setSelection}
          lookKey={tables}
          lookOf={(c) => {
            const t = byId.get(c.id);
            if (!t) return { fill: '#eef0f4', stroke: '#5b6170', label: c.name };
            return {
              ...STATE_COLORS[tableStateColor(t.state)],
              label: t.number,
              detail: t.partyName ?? tableStateLabel(t.state),
              state: t.state,
            };
          }}
        />
      </div>
      {legend ? (
        <ul className="live-floor-legend" aria-label={FLOOR_TEXTS.tables}>
          {tables.map((t) => (
            <li key={t.id}>
              <button
                type="button"
                className="floor-tile"
                data-color={tableStateColor(t.state)}
                aria-pressed={chosen?.id === t.id}
                onClick={() => setSelection({ kind: 'component', id: t.id })}
              >
                <strong>{t.number}</strong> {tableStateLabel(t.state)}
              </button>
            </li>
          ))}
        </ul>
      ) : null}
      {chosen ? (
        <div className="dialog-backdrop">
          <div className="dialog" role="dialog" aria-modal="true" aria-labelledby="quick-actions-title">
            <h2 id="quick-actions-title">
              {FLOOR_TEXTS.quickActions}: {chosen.name}
            </h2>
            <dl className="quick-facts">
              <dt>{FLOOR_TEXTS.status}</dt>
              <dd>{tableStateLabel(chosen.state)}</dd>
              <dt>{FLOOR_TEXTS.party}</dt>
              <dd>{chosen.partyName ?? '—'}</dd>
              <dt>{FLOOR_TEXTS.guests}</dt>
              <dd>{chosen.guestCount ?? '—'}</dd>
              <dt>{FLOOR_TEXTS.seatedAt}</dt>
              <dd>{chosen.timeSeated ? clock(chosen.timeSeated) : '—'}</dd>
            </dl>
            {refusal ? (
              <p className="form-error" role="alert">
                {refusal}
              </p>
            ) : null}
            <div className="quick-actions">
              <Link className="button" to="/waitlist">
                {FLOOR_TEXTS.seatGuest}
              </Link>
              <Link className="button" to="/menu-orders">
                {FLOOR_TEXTS.viewOrder}
              </Link>
              <button
                type="button"
                className="button"
                disabled={!['PAYING', 'PAYMENT_DUE'].includes(chosen.state) || moveTable.isPending}
                onClick={() => act(chosen.id, 'PAYMENT_VERIFIED')}
              >
                {FLOOR_TEXTS.verifyPayment}
              </button>
              <button
                type="button"
                className="button"
                disabled={!['CLEANING', 'QA_CHECK'].includes(chosen.state) || moveTable.isPending}
                onClick={() => act(chosen.id, 'EMPTY')}
              >
                {FLOOR_TEXTS.markClean}
              </button>
            </div>
            {actions ? <div className="quick-actions">{actions(chosen, close)}</div> : null}
            <button type="button" className="button" onClick={close}>
              {FLOOR_TEXTS.cancel}
            </button>
          </div>
        </div>
      ) : null}
    </div>
  );
}
