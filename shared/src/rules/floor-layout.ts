// A venue's floor layout (spec 2 sections 2.2 and 3, issue 25): what the designer draws, what the
// server keeps in versions and what an exported file holds. Pure: the designer, the cloud and the
// import of a file all read it through these schemas and functions.
import { z } from 'zod';
import type { SHAPES } from '../constants.js';
import { FLOOR_MESSAGES } from '../floor-texts.js';
import { boundedText, Id, LocalId } from '../schemas/common.js';
import { ticketTimeFormat } from './time-zone.js';

/** Zone types with their label, number range and prefix (spec 2 section 3). */
export const ZONE_TYPES = {
  dining: { label: 'Dining Area', start: 1, end: 20, prefix: '', color: '#dbeafe' },
  patio: { label: 'Patio/Outdoor', start: 21, end: 30, prefix: '', color: '#dcfce7' },
  bar: { label: 'Bar Area', start: 1, end: 8, prefix: 'B', color: '#fef3c7' },
  kitchen: { label: 'Kitchen', start: 1, end: 5, prefix: 'K', color: '#fee2e2' },
  entrance: { label: 'Entrance/Lobby', start: 1, end: 5, prefix: 'E', color: '#e0e7ff' },
  restroom: { label: 'Restroom', start: 1, end: 5, prefix: 'R', color: '#f3e8ff' },
  storage: { label: 'Storage', start: 1, end: 5, prefix: 'S', color: '#f1f5f9' },
  vip: { label: 'VIP Section', start: 1, end: 6, prefix: 'P', color: '#fae8ff' },
  waiting: { label: 'Waiting Area', start: 1, end: 5, prefix: 'W', color: '#ecfccb' },
  custom: { label: 'Custom Zone', start: 1, end: 10, prefix: 'C', color: '#f5f5f4' },
} as const;
export type ZoneType = keyof typeof ZONE_TYPES;
export const ZONE_TYPE_IDS = Object.keys(ZONE_TYPES) as [ZoneType, ...ZoneType[]];

/** The library's shapes (spec 2 section 3). */
export const FLOOR_SHAPES = ['round', 'square', 'rectangle', 'oval', 'halfmoon', 'quarter', 'booth'] as const;
export type FloorShape = (typeof FLOOR_SHAPES)[number];

/** The library categories (spec 2 section 3). */
export const LIBRARY_CATEGORIES = ['tables', 'seating', 'zones', 'utilities', 'decor', 'bar'] as const;
/** What a component on the floor is; only tables become the venue's tables. */
export const COMPONENT_TYPES = ['table', 'seating', 'utility', 'decor', 'bar'] as const;

/** Seat counts the library offers per table shape (spec 2 section 2.2). */
export const SHAPE_CAPACITIES: Record<FloorShape, readonly number[]> = {
  round: [2, 4, 6, 8, 10],
  square: [2, 4, 6, 8],
  rectangle: [4, 6, 8, 10],
  oval: [4, 5, 6, 7, 8, 9, 10, 11, 12],
  halfmoon: [4, 6, 8],
  quarter: [2, 4],
  booth: [4],
};

/** The server's shape for a library shape. */
export const SERVER_SHAPE: Record<FloorShape, (typeof SHAPES)[number]> = {
  round: 'CIRCLE',
  square: 'SQUARE',
  rectangle: 'RECTANGLE',
  oval: 'OVAL',
  halfmoon: 'HALFMOON',
  quarter: 'QUARTER',
  booth: 'BOOTH',
};

/** Designer constants (spec 2 sections 2.2, 5 and 9). */
export const FLOOR_DESIGN = {
  viewWidth: 800,
  viewHeight: 600,
  grid: 20,
  snap: 10,
  zoomStep: 0.1,
  zoomMin: 0.01,
  zoomMax: 100,
  rotationStep: 45,
  spacingWarningAbove: 15,
  minComponentSize: 20,
  minZoneSize: 50,
  zonePreview: { width: 100, height: 80 },
  duplicateOffsetMenu: 50,
  duplicateOffsetPanel: 60,
  capacityMin: 1,
  capacityMax: 20,
  libraryWidthMin: 200,
  libraryWidthMax: 600,
  maxComponents: 500,
  maxZones: 50,
} as const;

const Coordinate = z.number().finite().min(-20_000).max(20_000);
const Extent = (min: number) => z.number().finite().min(min).max(20_000);

export const NumberingSettings = z.object({
  useZonePrefixes: z.boolean().default(true),
  useShapeSuffixes: z.boolean().default(false),
  sequentialByZone: z.boolean().default(true),
});
export type NumberingSettings = z.output<typeof NumberingSettings>;
/** Numbering as a new floor starts it. */
export const DEFAULT_NUMBERING: NumberingSettings = {
  useZonePrefixes: true,
  useShapeSuffixes: false,
  sequentialByZone: true,
};

/** An item on the floor. Tables (category `tables`) carry a number and a capacity and become the
 * venue's tables on Publish; `tableId` links one to the table it became. Live fields an exported
 * file may carry (state, partyName...) are not part of a layout and are dropped. */
export const FloorComponent = z.object({
  id: LocalId.min(1),
  /** The spec's export names it too; kept as given. */
  componentId: LocalId.optional(),
  libraryComponentId: boundedText(100),
  name: boundedText(60).default(''),
  type: z.enum(COMPONENT_TYPES),
  /** Null: the shape the library component's id names ("round-4", "booth-4"). */
  shape: z.enum(FLOOR_SHAPES).nullable().default(null),
  x: Coordinate,
  y: Coordinate,
  width: Extent(FLOOR_DESIGN.minComponentSize),
  height: Extent(FLOOR_DESIGN.minComponentSize),
  rotation: z.number().finite().default(0),
  zIndex: z.number().int().default(0),
  number: boundedText(10).nullable().default(null),
  capacity: z.number().int().min(FLOOR_DESIGN.capacityMin).max(FLOOR_DESIGN.capacityMax).nullable().default(null),
  zone: LocalId.nullable().default(null),
  tableId: Id.nullable().default(null),
});
export type FloorComponent = z.output<typeof FloorComponent>;

export const FloorZone = z.object({
  id: LocalId.min(1),
  name: boundedText(60).min(1),
  type: z.enum(ZONE_TYPE_IDS),
  x: Coordinate,
  y: Coordinate,
  width: Extent(FLOOR_DESIGN.minZoneSize),
  height: Extent(FLOOR_DESIGN.minZoneSize),
  color: z
    .string()
    .regex(/^#[0-9a-fA-F]{6}$/, { error: 'must be a colour such as #dbeafe' })
    .default('#f5f5f4'),
});
export type FloorZone = z.output<typeof FloorZone>;

/** A layout as saved, and as an exported file holds it (spec 2 section 3: components and zones). */
export const FloorLayout = z
  .object({
    components: z.array(FloorComponent).max(FLOOR_DESIGN.maxComponents),
    zones: z.array(FloorZone).max(FLOOR_DESIGN.maxZones),
    numbering: NumberingSettings.default(DEFAULT_NUMBERING),
  })
  .superRefine((layout, ctx) => {
    for (const problem of layoutProblems(layout)) ctx.addIssue({ code: 'custom', message: problem });
  });
export type FloorLayout = z.output<typeof FloorLayout>;
/** @internal */
export type FloorLayoutInput = z.input<typeof FloorLayout>;

export const EMPTY_LAYOUT: FloorLayout = { components: [], zones: [], numbering: DEFAULT_NUMBERING };

function firstRepeat<T>(values: readonly T[]): T | undefined {
  const seen = new Set<T>();
  for (const v of values) {
    if (seen.has(v)) return v;
    seen.add(v);
  }
  return undefined;
}

/** What makes a layout unusable whatever the venue: repeated ids, items in zones that are not
 * there, a table placed twice. Duplicate numbers are a draft's business until Publish. */
export function layoutProblems(layout: Pick<FloorLayout, 'components' | 'zones'>): string[] {
  const problems: string[] = [];
  const componentId = firstRepeat(layout.components.map((c) => c.id));
  if (componentId !== undefined) problems.push(FLOOR_MESSAGES.duplicateComponentId(componentId));
  const zoneId = firstRepeat(layout.zones.map((z) => z.id));
  if (zoneId !== undefined) problems.push(FLOOR_MESSAGES.duplicateZoneId(zoneId));
  const zoneIds = new Set(layout.zones.map((z) => z.id));
  const stray = layout.components.find((c) => c.zone !== null && !zoneIds.has(c.zone));
  if (stray?.zone) problems.push(FLOOR_MESSAGES.unknownZone(stray.zone));
  const linked = layout.components.filter((c) => c.tableId !== null);
  const tableId = firstRepeat(linked.map((c) => c.tableId));
  if (tableId) {
    const twice = linked.find((c) => c.tableId === tableId);
    problems.push(FLOOR_MESSAGES.duplicateTableLink(twice?.number ?? tableId));
  }
  return problems;
}

export function isTable(c: Pick<FloorComponent, 'type'>): boolean {
  return c.type === 'table';
}

const SHAPE_WORDS: [RegExp, FloorShape][] = [
  [/half-?moon/, 'halfmoon'],
  [/quarter/, 'quarter'],
  [/booth/, 'booth'],
  [/oval/, 'oval'],
  [/rect|banquet/, 'rectangle'],
  [/square/, 'square'],
  [/round|circle/, 'round'],
];

/** A component's shape: its own, else the one its library id names, else square. */
export function shapeOf(c: Pick<FloorComponent, 'shape' | 'libraryComponentId'>): FloorShape {
  if (c.shape) return c.shape;
  const id = c.libraryComponentId.toLowerCase();
  return SHAPE_WORDS.find(([word]) => word.test(id))?.[1] ?? 'square';
}

/** Seats on the floor: the sum of capacity over components (spec 2 section 9). */
export function floorStats(layout: Pick<FloorLayout, 'components'>): {
  totalSeats: number;
  items: number;
  tables: number;
  spacingWarning: boolean;
} {
  const tables = layout.components.filter(isTable);
  const totalSeats = layout.components.reduce((sum, c) => sum + (c.capacity ?? 0), 0);
  return {
    totalSeats,
    items: layout.components.length,
    tables: tables.length,
    spacingWarning: layout.components.length > FLOOR_DESIGN.spacingWarningAbove,
  };
}

// ---- Geometry ----

export interface Point {
  x: number;
  y: number;
}
export interface Rect {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** @internal */
export function centerOf(r: Rect): Point {
  return { x: r.x + r.width / 2, y: r.y + r.height / 2 };
}

/** @internal */
export function rectContains(r: Rect, p: Point): boolean {
  return p.x >= r.x && p.x <= r.x + r.width && p.y >= r.y && p.y <= r.y + r.height;
}

/** The zone a point lies in: the last drawn (top-most) of those that hold it, or null. */
export function zoneAt(zones: readonly FloorZone[], p: Point): FloorZone | null {
  for (let i = zones.length - 1; i >= 0; i--) {
    const zone = zones[i] as FloorZone;
    if (rectContains(zone, p)) return zone;
  }
  return null;
}

/** A component's zone: the zone it was dropped into when it still holds its centre, otherwise
 * the zone its centre lies in (spec 2 section 2.2). */
export function zoneOfComponent(zones: readonly FloorZone[], c: Rect & { zone: string | null }): FloorZone | null {
  const centre = centerOf(c);
  const given = c.zone === null ? undefined : zones.find((z) => z.id === c.zone);
  if (given && rectContains(given, centre)) return given;
  return zoneAt(zones, centre);
}

/** A new table's size by its capacity (spec 2 section 9): up to 2 is 60, up to 4 is 80, up to 6
 * is 100, otherwise 120; rectangle tables are 80 high and oval tables 90. */
export function tableSize(shape: FloorShape, capacity: number): { width: number; height: number } {
  const side = capacity <= 2 ? 60 : capacity <= 4 ? 80 : capacity <= 6 ? 100 : 120;
  if (shape === 'rectangle') return { width: Math.max(side, 100), height: 80 };
  if (shape === 'oval') return { width: Math.max(side, 100), height: 90 };
  return { width: side, height: side };
}

export function clampCapacity(n: number): number {
  if (!Number.isFinite(n)) return FLOOR_DESIGN.capacityMin;
  return Math.min(FLOOR_DESIGN.capacityMax, Math.max(FLOOR_DESIGN.capacityMin, Math.round(n)));
}

export function snap(value: number, step: number): number {
  return Math.round(value / step) * step;
}

/** The reason a file is not a layout, in words a manager can act on, or the layout. */
export function parseLayoutFile(text: string): { ok: true; layout: FloorLayout } | { ok: false; message: string } {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    return { ok: false, message: FLOOR_MESSAGES.importNotJson };
  }
  const parsed = FloorLayout.safeParse(json);
  if (parsed.success) return { ok: true, layout: parsed.data };
  const issue = parsed.error.issues[0];
  if (!issue || issue.code === 'custom' || issue.path.length === 0) {
    return { ok: false, message: FLOOR_MESSAGES.importProblem(issue?.message ?? 'it is not readable') };
  }
  return { ok: false, message: FLOOR_MESSAGES.importInvalid(issue.path.map(String).join('.'), issue.message) };
}

/** The 409 a save over a newer version gets: who saved the newer one and when, on the venue's
 * clock ("Nov 29, 7:42 PM"). */
export function layoutStaleMessage(who: string, version: number, savedAt: Date, venueZone: string): string {
  const format = ticketTimeFormat(venueZone) ?? ticketTimeFormat('UTC');
  const when = format ? format.format(savedAt) : savedAt.toISOString();
  return FLOOR_MESSAGES.layoutStale(who, version, when);
}
