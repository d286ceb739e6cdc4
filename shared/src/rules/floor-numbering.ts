// Table numbering on the floor (spec 2 sections 2.2, 3 and 5): Zone Prefixes, Shape Suffixes and
// Sequential by Zone. A number is unique on the whole floor (the venue's tables are), so every
// choice is made against every number already given.
import {
  type FloorComponent,
  type FloorLayout,
  type FloorShape,
  isTable,
  type NumberingSettings,
  shapeOf,
  ZONE_TYPES,
  type ZoneType,
  zoneOfComponent,
} from './floor-layout.js';

/** Optional shape suffix letters (spec 2 section 3); banquet tables are rectangles here. @internal */
export const SHAPE_SUFFIXES: Record<FloorShape, string> = {
  round: 'R',
  square: 'S',
  rectangle: 'B',
  booth: 'H',
  halfmoon: 'H',
  oval: 'O',
  quarter: 'Q',
};

/** A number without its shape suffix: "B3R" and "B3" are the same table number "B3". */
export function numberCore(number: string): string {
  const m = /^([A-Za-z]*\d+)[A-Za-z]$/.exec(number.trim());
  return (m ? (m[1] as string) : number.trim()).toUpperCase();
}

/**
 * The number a new table gets: the lowest free number in its zone's range (from 1 anywhere when
 * Sequential by Zone is off), past the range's end when the range is full (spec 2 section 5),
 * with the zone's prefix and the shape's suffix when those switches are on.
 */
export function nextTableNumber(input: {
  zoneType: ZoneType | null;
  shape: FloorShape | null;
  taken: Iterable<string>;
  settings: NumberingSettings;
}): string {
  const { zoneType, shape, settings } = input;
  const zone = zoneType ? ZONE_TYPES[zoneType] : null;
  const prefix = settings.useZonePrefixes && zone ? zone.prefix : '';
  const start = settings.sequentialByZone && zone ? zone.start : 1;
  const taken = new Set<string>();
  for (const t of input.taken) taken.add(numberCore(t));
  let n = start;
  while (taken.has(`${prefix}${n}`)) n++;
  const suffix = settings.useShapeSuffixes && shape ? SHAPE_SUFFIXES[shape] : '';
  return `${prefix}${n}${suffix}`;
}

/** Tables in reading order within each zone, zones in the order they were drawn, tables outside
 * any zone last: the order renumbering gives numbers in. */
function numberingOrder(layout: Pick<FloorLayout, 'components' | 'zones'>): FloorComponent[] {
  const zoneIndex = new Map(layout.zones.map((z, i) => [z.id, i]));
  const keyed = layout.components.filter(isTable).map((c) => {
    const zone = zoneOfComponent(layout.zones, c);
    return { c, zone: zone ? (zoneIndex.get(zone.id) ?? layout.zones.length) : layout.zones.length };
  });
  keyed.sort((a, b) => a.zone - b.zone || a.c.y - b.c.y || a.c.x - b.c.x);
  return keyed.map((k) => k.c);
}

/** Every table numbered again by `settings` (the Numbering switches were changed). */
export function renumberLayout(layout: FloorLayout, settings: NumberingSettings): FloorLayout {
  const given: string[] = [];
  const numbers = new Map<string, string>();
  for (const c of numberingOrder(layout)) {
    const zone = zoneOfComponent(layout.zones, c);
    const number = nextTableNumber({ zoneType: zone?.type ?? null, shape: shapeOf(c), taken: given, settings });
    given.push(number);
    numbers.set(c.id, number);
  }
  return {
    ...layout,
    numbering: settings,
    components: layout.components.map((c) => (numbers.has(c.id) ? { ...c, number: numbers.get(c.id) ?? null } : c)),
  };
}

/** Tables without a number get one, the others keep theirs (before Publish). */
export function numberUnnumbered(layout: FloorLayout): FloorLayout {
  const given = layout.components.filter((c) => isTable(c) && c.number).map((c) => c.number as string);
  const numbers = new Map<string, string>();
  for (const c of numberingOrder(layout)) {
    if (c.number) continue;
    const zone = zoneOfComponent(layout.zones, c);
    const number = nextTableNumber({
      zoneType: zone?.type ?? null,
      shape: shapeOf(c),
      taken: given,
      settings: layout.numbering,
    });
    given.push(number);
    numbers.set(c.id, number);
  }
  if (numbers.size === 0) return layout;
  return {
    ...layout,
    components: layout.components.map((c) => (numbers.has(c.id) ? { ...c, number: numbers.get(c.id) ?? null } : c)),
  };
}
