// Where the published floor draws each table (issue 25): the staff's live floor, the dashboard and
// the host console on any tier, and the guest's seat map. A table's place is its own columns (what
// Publish wrote: position, rotation, shape) sized as the published layout drew it; where that
// layout is not at hand (a terminal's replica keeps tables, not layouts) it is sized by its shape
// and seats the way the designer sizes a new table.
import type { SHAPES } from '../constants.js';
import type { Table } from '../schemas/entities.js';
import {
  DEFAULT_NUMBERING,
  type FloorComponent,
  type FloorLayout,
  type FloorShape,
  isTable,
  type Rect,
  SERVER_SHAPE,
  shapeOf,
  tableSize,
} from './floor-layout.js';

export interface TablePlace extends Rect {
  rotation: number;
  shape: FloorShape;
}

const FLOOR_SHAPE_OF = Object.fromEntries(
  Object.entries(SERVER_SHAPE).map(([floor, server]) => [server, floor]),
) as Record<(typeof SHAPES)[number], FloorShape>;

type PlacedColumns = Pick<Table, 'xPosition' | 'yPosition' | 'rotation' | 'shape' | 'capacityMax'>;

/** One table's place: at its columns, in the size and shape of the component linked to it. */
export function tablePlace(table: PlacedColumns, component?: FloorComponent): TablePlace {
  const shape = component ? shapeOf(component) : FLOOR_SHAPE_OF[table.shape];
  const size = component ? { width: component.width, height: component.height } : tableSize(shape, table.capacityMax);
  return { x: table.xPosition, y: table.yPosition, ...size, rotation: table.rotation, shape };
}

/** The published layout's table components by the table each became. */
export function componentsByTable(layout: Pick<FloorLayout, 'components'> | null): Map<string, FloorComponent> {
  const linked = (layout?.components ?? []).filter((c) => isTable(c) && c.tableId !== null);
  return new Map(linked.map((c) => [c.tableId as string, c]));
}

/**
 * The live floor as a layout to draw: the published layout's zones and decor, and every table of
 * the venue at its place, as a component whose id is the table's. Without a layout (a terminal),
 * only the tables.
 */
export function liveFloorLayout(layout: FloorLayout | null, tables: readonly Table[]): FloorLayout {
  const linked = componentsByTable(layout);
  const decor = (layout?.components ?? []).filter((c) => !isTable(c));
  const drawn: FloorComponent[] = tables.map((t, i) => {
    const c = linked.get(t.id);
    const place = tablePlace(t, c);
    return {
      id: t.id,
      libraryComponentId: c?.libraryComponentId ?? place.shape,
      name: t.name,
      type: 'table',
      shape: place.shape,
      x: place.x,
      y: place.y,
      width: place.width,
      height: place.height,
      rotation: place.rotation,
      zIndex: 1000 + i,
      number: t.number,
      capacity: t.capacityMax,
      zone: null,
      tableId: t.id,
    };
  });
  return {
    components: [...decor, ...drawn],
    zones: layout?.zones ?? [],
    numbering: layout?.numbering ?? DEFAULT_NUMBERING,
  };
}

/**
 * The guest's seat map never draws a table smaller than a finger (WCAG 2.5.5: 44 px).
 * @internal
 */
export const SEAT_MAP_MIN_TARGET_PX = 44;
const SEAT_MAP_MARGIN = 20;

/**
 * How the guest's seat map frames the published tables on a screen `widthPx` wide: the box around
 * them (with a margin) as the SVG's view, and the width to draw it at. It fills the width; where
 * the smallest table would then be under 44 px, it is drawn wider so that table reaches 44 px,
 * and the map scrolls sideways.
 */
export function seatMapFrame(
  places: readonly Rect[],
  widthPx: number,
): { viewBox: Rect; widthPx: number; scale: number } | null {
  if (places.length === 0) return null;
  const left = Math.min(...places.map((p) => p.x)) - SEAT_MAP_MARGIN;
  const top = Math.min(...places.map((p) => p.y)) - SEAT_MAP_MARGIN;
  const right = Math.max(...places.map((p) => p.x + p.width)) + SEAT_MAP_MARGIN;
  const bottom = Math.max(...places.map((p) => p.y + p.height)) + SEAT_MAP_MARGIN;
  const viewBox = { x: left, y: top, width: right - left, height: bottom - top };
  const smallest = Math.min(...places.map((p) => Math.min(p.width, p.height)));
  const fit = widthPx / viewBox.width;
  const scale = Math.max(fit, SEAT_MAP_MIN_TARGET_PX / smallest);
  return { viewBox, widthPx: Math.ceil(viewBox.width * scale), scale };
}
