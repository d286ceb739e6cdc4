// The floor-map designer's rules (spec 2 sections 2.2, 3, 5 and 9): numbering, table sizes,
// snapping, resize minima, capacity changes, duplicates, placement and zone inference.
import {
  DESIGNER,
  LIBRARY_SHAPES,
  type LibraryShape,
  SHAPE_SUFFIXES,
  TABLE_CAPACITY,
  ZONE_TYPE_INFO,
  type ZoneType,
} from '../constants.js';

export interface NumberingSettings {
  useZonePrefixes: boolean;
  useShapeSuffixes: boolean;
  sequentialByZone: boolean;
}

export interface Point {
  x: number;
  y: number;
}
export interface Size {
  width: number;
  height: number;
}
export interface Rect extends Point, Size {}

// ---- numbering ----

/** The lowest free number: from the zone's range start when numbering by zone (else from 1),
 * going beyond the range end when the range is full. */
export function nextTableNumber(
  used: Iterable<number>,
  zoneType: ZoneType | null,
  settings: Pick<NumberingSettings, 'sequentialByZone'>,
): number {
  const taken = new Set(used);
  let n = settings.sequentialByZone && zoneType ? ZONE_TYPE_INFO[zoneType].start : 1;
  while (taken.has(n)) n += 1;
  return n;
}

/** A table's label: optional zone prefix (B, P, C...), the number, optional shape suffix. */
export function formatTableNumber(
  n: number,
  zoneType: ZoneType | null,
  shape: LibraryShape | null,
  settings: Pick<NumberingSettings, 'useZonePrefixes' | 'useShapeSuffixes'>,
): string {
  const prefix = settings.useZonePrefixes && zoneType ? ZONE_TYPE_INFO[zoneType].prefix : '';
  const suffix = settings.useShapeSuffixes && shape ? SHAPE_SUFFIXES[shape] : '';
  return `${prefix}${n}${suffix}`;
}

/** The number inside a label such as B3, 12 or P4R; null when it has none. */
export function labelNumber(label: string): number | null {
  const match = /\d+/.exec(label);
  return match ? Number(match[0]) : null;
}

/** The next label for a new table in a zone, given the labels already used there. */
export function nextTableLabel(
  usedLabels: readonly string[],
  zoneType: ZoneType | null,
  shape: LibraryShape | null,
  settings: NumberingSettings,
): string {
  const used = usedLabels.map(labelNumber).filter((n): n is number => n !== null);
  return formatTableNumber(nextTableNumber(used, zoneType, settings), zoneType, shape, settings);
}

// ---- sizes, snapping, resizing ----

export function isLibraryShape(value: string): value is LibraryShape {
  return (LIBRARY_SHAPES as readonly string[]).includes(value);
}

/** Up to 2 seats 60, up to 4 80, up to 6 100, otherwise 120 wide; rectangles are 80 high and
 * ovals 90 high, other shapes square. */
export function tableSize(shape: LibraryShape, capacity: number): Size {
  const width = capacity <= 2 ? 60 : capacity <= 4 ? 80 : capacity <= 6 ? 100 : 120;
  if (shape === 'rectangle') return { width, height: 80 };
  if (shape === 'oval') return { width, height: 90 };
  return { width, height: width };
}

export function snap(value: number, step: number): number {
  return Math.round(value / step) * step;
}

/** 10 on move and resize, 20 when dragging with the pointer handler. */
export function snapPoint(p: Point, mode: 'moveAndResize' | 'pointerDrag', enabled = true): Point {
  if (!enabled) return p;
  const step = DESIGNER.snap[mode];
  return { x: snap(p.x, step), y: snap(p.y, step) };
}

/** A resize never goes below 20 for components and 50 for zones. */
export function clampResize(size: Size, kind: 'component' | 'zone'): Size {
  const min = DESIGNER.resizeMin[kind];
  return { width: Math.max(min, size.width), height: Math.max(min, size.height) };
}

// ---- capacity ----

/** Keyboard: + or = raises by 1, - or _ lowers by 1, within 1 to 20. */
export function capacityAfterKey(capacity: number, key: string): number | null {
  const delta = key === '+' || key === '=' ? 1 : key === '-' || key === '_' ? -1 : 0;
  if (delta === 0) return null;
  return Math.min(TABLE_CAPACITY.max, Math.max(TABLE_CAPACITY.min, capacity + delta));
}

/** The dashboard designer's chair buttons (spec 2 section 5): Remove Chair is disabled at 1 or
 * less, -2 at 2 or less and floors at 1; +1, +2 and +4 have no upper bound there. */
export const chairButtons = {
  removeChairDisabled: (capacity: number) => capacity <= 1,
  minusTwoDisabled: (capacity: number) => capacity <= 2,
  removeChair: (capacity: number) => Math.max(1, capacity - 1),
  minusTwo: (capacity: number) => Math.max(1, capacity - 2),
  add: (capacity: number, n: (typeof DESIGNER.capacityQuickAdd)[number]) => capacity + n,
} as const;

// ---- text fields ----

function parsedOr(input: string, fallback: number): number {
  const n = Number.parseInt(input, 10);
  return Number.isNaN(n) ? fallback : n;
}
/** A non-numeric table number falls back to 1. */
export const parseTableNumberField = (input: string) => parsedOr(input, DESIGNER.fallback.tableNumber);
/** A non-numeric capacity falls back to 2. */
export const parseCapacityField = (input: string) => parsedOr(input, DESIGNER.fallback.capacity);
/** A non-numeric zone width or height falls back to 0. */
export const parseZoneDimensionField = (input: string) => parsedOr(input, DESIGNER.fallback.zoneDimension);

/** Inline number edit: Enter or blur commits, an empty value keeps the old number. */
export function commitInlineNumber(input: string, previous: string): string {
  const trimmed = input.trim();
  return trimmed === '' ? previous : trimmed;
}

/** A custom zone name is trimmed and ignored when empty; Save as Template needs a name too. */
export function trimmedNameOrNull(input: string): string | null {
  const trimmed = input.trim();
  return trimmed === '' ? null : trimmed;
}

// ---- placement ----

/** Duplicate from the context menu offsets by 50, from the Properties panel by 60, in x and y. */
export function duplicatePosition(p: Point, from: keyof typeof DESIGNER.duplicateOffset): Point {
  const d = DESIGNER.duplicateOffset[from];
  return { x: p.x + d, y: p.y + d };
}

/** The n-th new table (0-based) goes on a grid of 4 per row, 120 apart, from (150,150). */
export function defaultNewTablePosition(index: number): Point {
  const { originX, originY, perRow, spacing } = DESIGNER.newTable;
  return { x: originX + (index % perRow) * spacing, y: originY + Math.floor(index / perRow) * spacing };
}

export function rectContains(r: Rect, p: Point): boolean {
  return p.x >= r.x && p.x <= r.x + r.width && p.y >= r.y && p.y <= r.y + r.height;
}

/** The zone a table belongs to from its centre: the last drawn (topmost) zone that holds it. */
export function inferZone<Z extends Rect & { id: string }>(table: Rect, zones: readonly Z[]): Z | null {
  const centre = { x: table.x + table.width / 2, y: table.y + table.height / 2 };
  for (let i = zones.length - 1; i >= 0; i--) {
    const zone = zones[i] as Z;
    if (rectContains(zone, centre)) return zone;
  }
  return null;
}

/** The seat total is the sum of capacity over components. */
export function seatTotal(components: readonly { capacity?: number | null }[]): number {
  return components.reduce((sum, c) => sum + (c.capacity ?? 0), 0);
}

/** 'Check spacing' shows above 15 items. */
export function needsSpacingWarning(itemCount: number): boolean {
  return itemCount > DESIGNER.spacingWarningAbove;
}

export function clampLibraryWidth(width: number): number {
  return Math.min(DESIGNER.libraryPanelWidth.max, Math.max(DESIGNER.libraryPanelWidth.min, width));
}

/** Zoom buttons step 0.1 within 0.01 to 100; the result is kept to two decimals. */
export function zoomBy(zoom: number, direction: 1 | -1): number {
  const next = Math.round((zoom + direction * DESIGNER.zoom.step) * 100) / 100;
  return Math.min(DESIGNER.zoom.max, Math.max(DESIGNER.zoom.min, next));
}

/** Rotate by 45 degrees, kept within 0-359. */
export function rotateStep(rotation: number): number {
  return (((rotation + DESIGNER.rotationStepDegrees) % 360) + 360) % 360;
}
