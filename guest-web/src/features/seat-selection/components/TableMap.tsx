// The floor-map view of seat selection: an 800 by 600 box (spec 3 section 9) with the three guest
// zones as bands, and each table a tap target at its place.
import { GUEST_MAP_ZONES, GUEST_SEAT_TEXTS, type GuestTable, MAP_VIEW_BOX } from '@tablewise/shared';

const ZONE_BANDS: Record<(typeof GUEST_MAP_ZONES)[number], { x: number; y: number; width: number; height: number }> = {
  'Dining Room': { x: 0, y: 0, width: 520, height: 430 },
  Patio: { x: 520, y: 0, width: 280, height: 430 },
  'Bar Area': { x: 0, y: 430, width: 800, height: 170 },
};

export function TableMap({
  tables,
  selectedId,
  onPick,
}: {
  tables: readonly GuestTable[];
  selectedId: string | null;
  onPick: (table: GuestTable) => void;
}) {
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
          const selected = t.id === selectedId;
          // Big enough to tap on a phone, where the 800-wide map is drawn at about 360 px.
          const radius = 36 + Math.min(t.capacity, 8) * 3;
          // A table's place is its top-left corner on the floor plan, as the designer stores it.
          const cx = Math.min(MAP_VIEW_BOX.width - radius, Math.max(radius, t.x + radius));
          const cy = Math.min(MAP_VIEW_BOX.height - radius, Math.max(radius, t.y + radius));
          return (
            // biome-ignore lint/a11y/useSemanticElements: an SVG shape cannot be a <button>; it takes its role and keys
            <g
              key={t.id}
              role="button"
              tabIndex={0}
              aria-pressed={selected}
              aria-label={`${t.name}, ${GUEST_SEAT_TEXTS.seats(t.capacity)}`}
              className={selected ? 'seat-map-table seat-map-table-selected' : 'seat-map-table'}
              data-testid="map-table"
              data-table-id={t.id}
              onClick={() => onPick(t)}
              onKeyDown={(e) => {
                if (e.key === 'Enter' || e.key === ' ') {
                  e.preventDefault();
                  onPick(t);
                }
              }}
            >
              <circle cx={cx} cy={cy} r={radius} />
              <text x={cx} y={cy} textAnchor="middle">
                {t.name.replace(/^Table /, '')}
              </text>
              <text className="seat-map-seats" x={cx} y={cy + 24} textAnchor="middle">
                {t.capacity}
              </text>
            </g>
          );
        })}
      </svg>
    </fieldset>
  );
}
