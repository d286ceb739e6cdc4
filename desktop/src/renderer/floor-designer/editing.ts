// The designer's edits as pure functions of the layout: the store applies them with undo marks,
// the tools call them, the tests read them.
import {
  type Bundle,
  clampCapacity,
  type FloorComponent,
  type FloorLayout,
  type FloorZone,
  isTable,
  libraryComponent,
  type NumberingSettings,
  nextTableNumber,
  type Point,
  type Rect,
  renumberLayout,
  shapeOf,
  type TemplateLayout,
  ZONE_TYPES,
  type ZoneType,
  zoneAt,
  zoneOfComponent,
} from '@tablewise/shared';

export type NewId = () => string;

function numberFor(layout: FloorLayout, c: FloorComponent): string | null {
  if (!isTable(c)) return null;
  const zone = zoneOfComponent(layout.zones, c);
  const taken = layout.components.filter((o) => o.number).map((o) => o.number as string);
  return nextTableNumber({ zoneType: zone?.type ?? null, shape: shapeOf(c), taken, settings: layout.numbering });
}

/** Places a library item centred on `at`; a table dropped into a zone takes that zone and the
 * lowest free number of its range. Unknown ids place nothing. */
export function addFromLibrary(
  layout: FloorLayout,
  libraryId: string,
  at: Point,
  newId: NewId,
  extra: { capacity?: number } = {},
): FloorLayout {
  const item = libraryComponent(libraryId);
  if (!item) return layout;
  const zIndex = layout.components.reduce((m, c) => Math.max(m, c.zIndex), 0) + 1;
  const c: FloorComponent = {
    id: newId(),
    libraryComponentId: item.id,
    name: item.name,
    type: item.type,
    shape: item.shape,
    x: Math.round(at.x - item.defaultWidth / 2),
    y: Math.round(at.y - item.defaultHeight / 2),
    width: item.defaultWidth,
    height: item.defaultHeight,
    rotation: 0,
    zIndex,
    number: null,
    capacity: extra.capacity ?? item.capacity,
    zone: zoneAt(layout.zones, at)?.id ?? null,
    tableId: null,
  };
  return { ...layout, components: [...layout.components, { ...c, number: numberFor(layout, c) }] };
}

/** A bundle or preset, its items placed from `at`. */
export function addBundle(layout: FloorLayout, bundle: Bundle, at: Point, newId: NewId): FloorLayout {
  return bundle.items.reduce(
    (l, item) =>
      addFromLibrary(l, item.libraryId, { x: at.x + item.dx, y: at.y + item.dy }, newId, {
        ...(item.capacity ? { capacity: item.capacity } : {}),
      }),
    layout,
  );
}

function updateComponent(layout: FloorLayout, id: string, change: (c: FloorComponent) => FloorComponent): FloorLayout {
  let changed = false;
  const components = layout.components.map((c) => {
    if (c.id !== id) return c;
    const next = change(c);
    changed = next !== c;
    return next;
  });
  return changed ? { ...layout, components } : layout;
}

/** Moves a component; where it lands decides its zone (dropped into a zone, it takes it). */
export function moveComponent(layout: FloorLayout, id: string, to: Point): FloorLayout {
  return updateComponent(layout, id, (c) => {
    if (c.x === to.x && c.y === to.y) return c;
    const moved = { ...c, x: to.x, y: to.y };
    return { ...moved, zone: zoneOfComponent(layout.zones, { ...moved, zone: null })?.id ?? null };
  });
}

export function setComponentRect(layout: FloorLayout, id: string, r: Rect): FloorLayout {
  return updateComponent(layout, id, (c) => ({ ...c, ...r }));
}

export function rotateComponent(layout: FloorLayout, id: string, rotation: number): FloorLayout {
  return updateComponent(layout, id, (c) =>
    c.rotation === rotation ? c : { ...c, rotation: ((rotation % 360) + 360) % 360 },
  );
}

/** Advanced: Bring to Front and Send to Back, by the drawing order. */
export function restack(layout: FloorLayout, id: string, to: 'front' | 'back'): FloorLayout {
  const others = layout.components.filter((c) => c.id !== id).map((c) => c.zIndex);
  const z = to === 'front' ? Math.max(0, ...others) + 1 : Math.min(0, ...others) - 1;
  return updateComponent(layout, id, (c) => (c.zIndex === z ? c : { ...c, zIndex: z }));
}

/** Table Number edited inline or in Properties: an empty value keeps the old number. */
export function setNumber(layout: FloorLayout, id: string, number: string): FloorLayout {
  const value = number.trim();
  if (!value) return layout;
  return updateComponent(layout, id, (c) => (c.number === value ? c : { ...c, number: value }));
}

export function setCapacity(layout: FloorLayout, id: string, capacity: number): FloorLayout {
  return updateComponent(layout, id, (c) => {
    const next = clampCapacity(capacity);
    return c.capacity === next ? c : { ...c, capacity: next };
  });
}

/** The + and - keys: one seat more or less, from 1 to 20. */
export function bumpCapacity(layout: FloorLayout, id: string, by: 1 | -1): FloorLayout {
  const c = layout.components.find((o) => o.id === id);
  if (!c || c.capacity === null) return layout;
  return setCapacity(layout, id, c.capacity + by);
}

/** A copy offset by `offset` in x and y, with the next free number and no table yet. */
export function duplicate(layout: FloorLayout, id: string, offset: number, newId: NewId): FloorLayout {
  const c = layout.components.find((o) => o.id === id);
  if (!c) return layout;
  const copy: FloorComponent = { ...c, id: newId(), x: c.x + offset, y: c.y + offset, tableId: null, number: null };
  return { ...layout, components: [...layout.components, { ...copy, number: numberFor(layout, copy) }] };
}

export function removeComponent(layout: FloorLayout, id: string): FloorLayout {
  return { ...layout, components: layout.components.filter((c) => c.id !== id) };
}

export function addZone(layout: FloorLayout, type: ZoneType, r: Rect, newId: NewId, name?: string): FloorLayout {
  const zone: FloorZone = {
    id: newId(),
    name: name?.trim() || ZONE_TYPES[type].label,
    type,
    ...r,
    color: ZONE_TYPES[type].color,
  };
  return { ...layout, zones: [...layout.zones, zone] };
}

export function updateZone(layout: FloorLayout, id: string, change: Partial<Omit<FloorZone, 'id'>>): FloorLayout {
  return { ...layout, zones: layout.zones.map((z) => (z.id === id ? { ...z, ...change } : z)) };
}

/** A zone goes; the items in it stay where they are, in no zone or the one beneath. */
export function removeZone(layout: FloorLayout, id: string): FloorLayout {
  const zones = layout.zones.filter((z) => z.id !== id);
  return {
    ...layout,
    zones,
    components: layout.components.map((c) =>
      c.zone === id ? { ...c, zone: zoneAt(zones, { x: c.x + c.width / 2, y: c.y + c.height / 2 })?.id ?? null } : c,
    ),
  };
}

export function clearAll(layout: FloorLayout): FloorLayout {
  if (layout.components.length === 0 && layout.zones.length === 0) return layout;
  return { ...layout, components: [], zones: [] };
}

export function changeNumbering(layout: FloorLayout, settings: NumberingSettings): FloorLayout {
  return renumberLayout(layout, settings);
}

/** Chairs are removed from layouts at start-up (spec 2 section 2.2). */
export function withoutChairs(layout: FloorLayout): FloorLayout {
  const chair = (c: FloorComponent) => c.type === 'seating' && /chair/i.test(`${c.name} ${c.libraryComponentId}`);
  return layout.components.some(chair) ? { ...layout, components: layout.components.filter((c) => !chair(c)) } : layout;
}

/** What Save as Template keeps of the selection (issue 25): a table (or any item) alone, or a zone
 * with the items that stand in it. Unknown ids keep nothing. */
export function templateOf(layout: FloorLayout, target: { kind: 'component' | 'zone'; id: string }): TemplateLayout {
  if (target.kind === 'component') {
    const c = layout.components.find((o) => o.id === target.id);
    return { components: c ? [{ ...c, zone: null }] : [], zones: [] };
  }
  const zone = layout.zones.find((z) => z.id === target.id);
  if (!zone) return { components: [], zones: [] };
  return { components: layout.components.filter((c) => c.zone === zone.id), zones: [zone] };
}

/** A template placed with its top left corner at `at`: every item and zone with a new id (items
 * keep their zone), tables unlinked and numbered as the floor's next, as a library table is, so
 * Publish makes new tables. */
export function addTemplate(layout: FloorLayout, template: TemplateLayout, at: Point, newId: NewId): FloorLayout {
  const all = [...template.components, ...template.zones];
  if (all.length === 0) return layout;
  const dx = Math.round(at.x - Math.min(...all.map((o) => o.x)));
  const dy = Math.round(at.y - Math.min(...all.map((o) => o.y)));
  const zoneIds = new Map(template.zones.map((z) => [z.id, newId()]));
  const zones = [
    ...layout.zones,
    ...template.zones.map((z) => ({ ...z, id: zoneIds.get(z.id) as string, x: z.x + dx, y: z.y + dy })),
  ];
  let next: FloorLayout = { ...layout, zones };
  const zIndex = layout.components.reduce((m, c) => Math.max(m, c.zIndex), 0) + 1;
  template.components.forEach((c, i) => {
    const placed: FloorComponent = { ...c, id: newId(), x: c.x + dx, y: c.y + dy, zIndex: zIndex + i, tableId: null };
    const zone = c.zone ? zoneIds.get(c.zone) : undefined;
    const centre = { x: placed.x + c.width / 2, y: placed.y + c.height / 2 };
    const inZone = { ...placed, zone: zone ?? zoneAt(zones, centre)?.id ?? null };
    next = { ...next, components: [...next.components, { ...inZone, number: numberFor(next, inZone) }] };
  });
  return next;
}
