// The benchmarks' big floor (issue 25): `tables` two-tops in rows over `zones` zones, inside the
// designer's 800x600 view, as a layout the designer draws (bench/floor-drag) and the cloud publishes
// (bench/floor.ts). Plain data from @tablewise/shared's types; no DOM, no I/O.
import { EMPTY_LAYOUT, type FloorComponent, type FloorLayout, type FloorZone } from '@tablewise/shared';

const ZONE_TYPES = ['dining', 'patio', 'bar', 'vip', 'custom'] as const;

export function benchLayout(tables: number, zones: number): FloorLayout {
  const columns = Math.max(1, Math.ceil(Math.sqrt(tables * (4 / 3))));
  const rows = Math.max(1, Math.ceil(tables / columns));
  const cellW = 780 / columns;
  const cellH = 580 / rows;
  const size = Math.max(20, Math.floor(Math.min(cellW, cellH) * 0.75));
  const zoneColumns = Math.max(1, Math.ceil(zones / 2));
  const zoneRows = zones > 1 ? 2 : 1;
  const floorZones: FloorZone[] = Array.from({ length: zones }, (_, i) => {
    const type = ZONE_TYPES[i % ZONE_TYPES.length] as (typeof ZONE_TYPES)[number];
    return {
      id: `zone-${i + 1}`,
      name: `Zone ${i + 1}`,
      type,
      x: 10 + (i % zoneColumns) * (780 / zoneColumns),
      y: 10 + Math.floor(i / zoneColumns) * (580 / zoneRows),
      width: 780 / zoneColumns,
      height: 580 / zoneRows,
      color: '#dcfce7',
    };
  });
  const components: FloorComponent[] = Array.from({ length: tables }, (_, i) => ({
    id: `table-${i + 1}`,
    libraryComponentId: 'round-2',
    name: 'Round Table',
    type: 'table',
    shape: 'round',
    x: Math.round(10 + (i % columns) * cellW + (cellW - size) / 2),
    y: Math.round(10 + Math.floor(i / columns) * cellH + (cellH - size) / 2),
    width: size,
    height: size,
    rotation: 0,
    zIndex: i + 1,
    number: String(i + 1),
    capacity: 2,
    zone: null,
    tableId: null,
  }));
  return { ...EMPTY_LAYOUT, components, zones: floorZones };
}
