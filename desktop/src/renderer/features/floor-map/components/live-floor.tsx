// The live floor (Manager Mode off): the published layout at its real positions, every table
// coloured by its state (spec 2 section 4) with its party, guests and time seated, moving as
// table events arrive. A tap opens the table's Quick Actions.
import {
  EMPTY_LAYOUT,
  FLOOR_TEXTS,
  type FloorColor,
  type FloorComponent,
  type FloorLayout,
  type Point,
  type Table,
  tableStateColor,
  tableStateLabel,
} from '@tablewise/shared';
import { useMemo, useState } from 'react';
import { Link } from 'react-router-dom';
import { ApiError } from '../../../app/api-client.js';
import { useVenueClock } from '../../../components/use-venue-clock.js';
import { FloorCanvas, type Selection } from '../../../floor-designer/floor-canvas.js';
import type { ToolState } from '../../../floor-designer/tools/select-tool.js';
import { useMoveTable } from '../api/floor-layout.js';

const COLORS: Record<FloorColor, { fill: string; stroke: string }> = {
  green: { fill: '#c9ecd4', stroke: '#1d7a3e' },
  purple: { fill: '#e4dcf7', stroke: '#6b4fbb' },
  red: { fill: '#f8d0cc', stroke: '#b42318' },
  amber: { fill: '#fde7b5', stroke: '#9a5b00' },
  orange: { fill: '#fdd9b5', stroke: '#b54708' },
  yellow: { fill: '#fdf3b0', stroke: '#8a6d00' },
  blue: { fill: '#cfe0fb', stroke: '#1f5fd1' },
  grey: { fill: '#e3e6ec', stroke: '#5b6170' },
};

/** The layout drawn from the venue's tables: each at its published place, in the shape and size
 * the layout gave it; decor and zones from the layout. */
function liveLayout(layout: FloorLayout | null, tables: readonly Table[]): FloorLayout {
  const base = layout ?? EMPTY_LAYOUT;
  const byTable = new Map(base.components.filter((c) => c.tableId).map((c) => [c.tableId as string, c]));
  const others = base.components.filter((c) => c.type !== 'table');
  const drawn: FloorComponent[] = tables.map((t, i) => {
    const c = byTable.get(t.id);
    return {
      id: t.id,
      libraryComponentId: c?.libraryComponentId ?? t.shape.toLowerCase(),
      name: t.name,
      type: 'table',
      shape: c?.shape ?? null,
      x: t.xPosition,
      y: t.yPosition,
      width: c?.width ?? 80,
      height: c?.height ?? 80,
      rotation: t.rotation,
      zIndex: 1000 + i,
      number: t.number,
      capacity: t.capacityMax,
      zone: null,
      tableId: t.id,
    };
  });
  return { ...base, components: [...others, ...drawn] };
}

export function LiveFloor({ layout, tables }: { layout: FloorLayout | null; tables: readonly Table[] }) {
  const [selection, setSelection] = useState<Selection | null>(null);
  const [pan, setPan] = useState<Point>({ x: 0, y: 0 });
  const [tool, setTool] = useState<ToolState>({ kind: 'idle' });
  const clock = useVenueClock();
  const moveTable = useMoveTable();
  const [refusal, setRefusal] = useState<string | null>(null);
  const act = (id: string, state: 'EMPTY' | 'PAYMENT_VERIFIED') =>
    moveTable.mutate(
      { id, state },
      {
        onSuccess: () => setSelection(null),
        onError: (e) => setRefusal(e instanceof ApiError ? (e.serverMessage ?? e.message) : String(e)),
      },
    );
  const drawn = useMemo(() => liveLayout(layout, tables), [layout, tables]);
  const byId = useMemo(() => new Map(tables.map((t) => [t.id, t])), [tables]);
  const chosen = selection?.kind === 'component' ? byId.get(selection.id) : undefined;
  return (
    <div className="live-floor">
      <div className="designer-canvas">
        <FloorCanvas
          layout={drawn}
          editable={false}
          zoom={1}
          pan={pan}
          onPan={setPan}
          gridSnap={false}
          selection={selection}
          onSelect={setSelection}
          tool={tool}
          onTool={setTool}
          newId={() => crypto.randomUUID()}
          label={FLOOR_TEXTS.title}
          lookOf={(c) => {
            const t = byId.get(c.id);
            if (!t) return { fill: '#eef0f4', stroke: '#5b6170', label: c.name };
            return {
              ...COLORS[tableStateColor(t.state)],
              label: t.number,
              detail: t.partyName ?? tableStateLabel(t.state),
            };
          }}
        />
      </div>
      <ul className="live-floor-legend" aria-label="Tables">
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
            <button
              type="button"
              className="button"
              onClick={() => {
                setSelection(null);
                setRefusal(null);
              }}
            >
              {FLOOR_TEXTS.cancel}
            </button>
          </div>
        </div>
      ) : null}
    </div>
  );
}
