// The floor-map view of seat selection. Where the venue has published its floor (issue 25), the
// tables are drawn at their places on it, in their shapes, framed to the phone's width; a table
// never shrinks under a finger's 44 px (the map then scrolls sideways). Before that, an 800 by 600
// box (spec 3 section 9) with the three guest zones as bands, and each table a circle at its place.
import {
  GUEST_MAP_ZONES,
  GUEST_SEAT_TEXTS,
  type GuestTable,
  type GuestTablePlace,
  MAP_VIEW_BOX,
  seatMapFrame,
} from '@tablewise/shared';
import { type KeyboardEvent, type ReactNode, useEffect, useRef, useState } from 'react';

const ZONE_BANDS: Record<(typeof GUEST_MAP_ZONES)[number], { x: number; y: number; width: number; height: number }> = {
  'Dining Room': { x: 0, y: 0, width: 520, height: 430 },
  Patio: { x: 520, y: 0, width: 280, height: 430 },
  'Bar Area': { x: 0, y: 430, width: 800, height: 170 },
};

interface MapProps {
  tables: readonly GuestTable[];
  selectedId: string | null;
  onPick: (table: GuestTable) => void;
}

/** A table on the map: a button by its role and keys, named with its seats. */
function TableButton(props: {
  table: GuestTable;
  selected: boolean;
  onPick: (table: GuestTable) => void;
  at: { x: number; y: number };
  transform?: string | undefined;
  children: ReactNode;
}) {
  const { table: t } = props;
  return (
    // biome-ignore lint/a11y/useSemanticElements: an SVG shape cannot be a <button>; it takes its role and keys
    <g
      role="button"
      tabIndex={0}
      aria-pressed={props.selected}
      aria-label={`${t.name}, ${GUEST_SEAT_TEXTS.seats(t.capacity)}`}
      className={props.selected ? 'seat-map-table seat-map-table-selected' : 'seat-map-table'}
      data-testid="seat-map-table"
      data-table-id={t.id}
      data-number={t.number}
      data-x={props.at.x}
      data-y={props.at.y}
      transform={props.transform}
      onClick={() => props.onPick(t)}
      onKeyDown={(e: KeyboardEvent) => {
        if (e.key === 'Enter' || e.key === ' ') {
          e.preventDefault();
          props.onPick(t);
        }
      }}
    >
      {props.children}
    </g>
  );
}

function outline(p: GuestTablePlace) {
  const { width: w, height: h } = p;
  switch (p.shape) {
    case 'round':
    case 'oval':
      return <ellipse className="seat-map-shape" cx={w / 2} cy={h / 2} rx={w / 2} ry={h / 2} />;
    case 'halfmoon':
      return <path className="seat-map-shape" d={`M0 ${h} A ${w / 2} ${h} 0 0 1 ${w} ${h} Z`} />;
    case 'quarter':
      return <path className="seat-map-shape" d={`M0 0 L0 ${h} A ${w} ${h} 0 0 0 ${w} 0 Z`} />;
    case 'booth':
      return <rect className="seat-map-shape" width={w} height={h} rx={Math.min(16, h / 3)} />;
    case 'square':
    case 'rectangle':
      return <rect className="seat-map-shape" width={w} height={h} rx={6} />;
    default: {
      const never: never = p.shape;
      throw new Error(`unknown table shape ${String(never)}`);
    }
  }
}

/** The published floor: every table at its place, the view framed around them. */
function PublishedMap({ tables, selectedId, onPick }: MapProps) {
  const frameRef = useRef<HTMLFieldSetElement>(null);
  const [width, setWidth] = useState(360);
  useEffect(() => {
    const el = frameRef.current;
    if (!el) return;
    const observer = new ResizeObserver(([entry]) => {
      if (entry) setWidth(Math.max(1, Math.floor(entry.contentRect.width)));
    });
    observer.observe(el);
    return () => observer.disconnect();
  }, []);
  const placed = tables.filter((t): t is GuestTable & { place: GuestTablePlace } => t.place !== null);
  const frame = seatMapFrame(
    placed.map((t) => t.place),
    width,
  );
  if (!frame) return null;
  const { viewBox } = frame;
  return (
    <fieldset ref={frameRef} className="seat-map-frame seat-map-scroll" data-testid="seat-map">
      <legend className="visually-hidden">{GUEST_SEAT_TEXTS.mapLabel}</legend>
      <svg
        className="seat-map seat-map-published"
        viewBox={`${viewBox.x} ${viewBox.y} ${viewBox.width} ${viewBox.height}`}
        style={{ width: frame.widthPx, minWidth: frame.widthPx }}
      >
        <title>{GUEST_SEAT_TEXTS.mapLabel}</title>
        {placed.map((t) => {
          const p = t.place;
          // Text in the map's units that reads at about 16 px however the map is scaled.
          const size = Math.min(Math.min(p.width, p.height) * 0.4, 16 / frame.scale);
          return (
            <TableButton
              key={t.id}
              table={t}
              selected={t.id === selectedId}
              onPick={onPick}
              at={{ x: p.x, y: p.y }}
              transform={`translate(${p.x} ${p.y}) rotate(${p.rotation} ${p.width / 2} ${p.height / 2})`}
            >
              {outline(p)}
              <text
                x={p.width / 2}
                y={p.height / 2}
                textAnchor="middle"
                dominantBaseline="central"
                style={{ fontSize: size }}
                transform={`rotate(${-p.rotation} ${p.width / 2} ${p.height / 2})`}
              >
                {t.number}
              </text>
            </TableButton>
          );
        })}
      </svg>
    </fieldset>
  );
}

/** Before the venue publishes a floor: the spec's 800 by 600 map with its three zone bands. */
function BandsMap({ tables, selectedId, onPick }: MapProps) {
  return (
    <fieldset className="seat-map-frame" data-testid="seat-map">
      <legend className="visually-hidden">{GUEST_SEAT_TEXTS.mapLabel}</legend>
      <svg className="seat-map" viewBox={`0 0 ${MAP_VIEW_BOX.width} ${MAP_VIEW_BOX.height}`}>
        <title>{GUEST_SEAT_TEXTS.mapLabel}</title>
        {GUEST_MAP_ZONES.map((zone) => {
          const band = ZONE_BANDS[zone];
          return (
            <g key={zone}>
              <rect className="seat-map-zone" {...band} />
              <text className="seat-map-zone-label" x={band.x + 16} y={band.y + 32}>
                {zone}
              </text>
            </g>
          );
        })}
        {tables.map((t) => {
          // Big enough to tap on a phone, where the 800-wide map is drawn at about 360 px.
          const radius = 36 + Math.min(t.capacity, 8) * 3;
          // A table's place is its top-left corner on the floor plan, as the designer stores it.
          const cx = Math.min(MAP_VIEW_BOX.width - radius, Math.max(radius, t.x + radius));
          const cy = Math.min(MAP_VIEW_BOX.height - radius, Math.max(radius, t.y + radius));
          return (
            <TableButton key={t.id} table={t} selected={t.id === selectedId} onPick={onPick} at={{ x: t.x, y: t.y }}>
              <circle className="seat-map-shape" cx={cx} cy={cy} r={radius} />
              <text x={cx} y={cy} textAnchor="middle">
                {t.name.replace(/^Table /, '')}
              </text>
              <text className="seat-map-seats" x={cx} y={cy + 24} textAnchor="middle">
                {t.capacity}
              </text>
            </TableButton>
          );
        })}
      </svg>
    </fieldset>
  );
}

export function TableMap(props: MapProps) {
  return props.tables.some((t) => t.place !== null) ? <PublishedMap {...props} /> : <BandsMap {...props} />;
}
