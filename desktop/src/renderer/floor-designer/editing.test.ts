import { BUNDLES, EMPTY_LAYOUT, type FloorComponent, type FloorLayout } from '@tablewise/shared';
import { describe, expect, it } from 'vitest';
import {
  addBundle,
  addFromLibrary,
  addTemplate,
  addZone,
  bumpCapacity,
  duplicate,
  moveComponent,
  removeComponent,
  setNumber,
  templateOf,
  withoutChairs,
} from './editing.js';
import { hitTest, resizeRect, zoneRect } from './geometry.js';
import { DesignStore } from './history.js';

let n = 0;
const newId = () => `id-${++n}`;
const withBar: FloorLayout = addZone(
  addZone(EMPTY_LAYOUT, 'dining', { x: 0, y: 0, width: 300, height: 300 }, newId, 'Main'),
  'bar',
  { x: 400, y: 0, width: 300, height: 200 },
  newId,
);

describe('placing and numbering', () => {
  it('a table dropped into a zone takes it and the lowest free number of its range', () => {
    const l = addFromLibrary(
      addFromLibrary(withBar, 'round-4', { x: 100, y: 100 }, newId),
      'square-2',
      { x: 500, y: 100 },
      newId,
    );
    expect(l.components.map((c) => [c.zone, c.number])).toEqual([
      [withBar.zones[0]?.id, '1'],
      [withBar.zones[1]?.id, 'B1'],
    ]);
    expect(addFromLibrary(l, 'no-such-thing', { x: 0, y: 0 }, newId)).toBe(l);
  });
  it('a bundle places its items: 4x Four-Top is 16 seats', () => {
    const l = addBundle(withBar, BUNDLES[0] as never, { x: 60, y: 60 }, newId);
    expect(l.components.reduce((s, c) => s + (c.capacity ?? 0), 0)).toBe(16);
    expect(l.components.map((c) => c.number)).toEqual(['1', '2', '3', '4']);
  });
  it('moving a table into another zone takes that zone; duplicate offsets and numbers anew', () => {
    const l = addFromLibrary(withBar, 'round-4', { x: 100, y: 100 }, newId);
    const id = l.components[0]?.id as string;
    expect(moveComponent(l, id, { x: 500, y: 50 }).components[0]?.zone).toBe(withBar.zones[1]?.id);
    const twice = duplicate(l, id, 60, newId);
    expect(twice.components[1]).toMatchObject({ x: (l.components[0]?.x ?? 0) + 60, number: '2', tableId: null });
  });
  it('keeps the old number for an empty entry, and + and - stay within 1 to 20', () => {
    let l = addFromLibrary(withBar, 'round-2', { x: 100, y: 100 }, newId);
    const id = l.components[0]?.id as string;
    expect(setNumber(l, id, '  ')).toBe(l);
    l = bumpCapacity(bumpCapacity(bumpCapacity(l, id, -1), id, -1), id, -1);
    expect(l.components[0]?.capacity).toBe(1);
  });
  it('removes chairs at start-up', () => {
    const l = {
      ...withBar,
      components: [
        {
          ...(addFromLibrary(withBar, 'bar-stool', { x: 0, y: 0 }, newId).components[0] as object),
          type: 'seating',
          name: 'Chair',
        },
      ],
    } as FloorLayout;
    expect(withoutChairs(l).components).toEqual([]);
  });
});

describe('undo and redo', () => {
  it('undo restores a deleted table, redo deletes it again, and a drag is one mark', () => {
    const store = new DesignStore(withBar);
    store.apply((l) => addFromLibrary(l, 'round-4', { x: 100, y: 100 }, newId));
    const id = store.get().components[0]?.id as string;
    store.mark();
    for (const x of [10, 20, 30]) store.preview((l) => moveComponent(l, id, { x, y: 10 }));
    store.apply((l) => removeComponent(l, id));
    expect(store.get().components).toEqual([]);
    store.undo();
    expect(store.get().components[0]).toMatchObject({ id, x: 30 });
    store.undo();
    expect(store.get().components[0]?.x).toBe(60);
    store.redo();
    store.redo();
    expect(store.get().components).toEqual([]);
    store.load(withBar);
    expect(store.canUndo()).toBe(false);
  });
});

describe('geometry', () => {
  it('hits the top-most component, then a zone, and nothing outside', () => {
    const l = addFromLibrary(
      addFromLibrary(withBar, 'round-4', { x: 100, y: 100 }, newId),
      'round-4',
      { x: 120, y: 100 },
      newId,
    );
    expect(hitTest(l, { x: 115, y: 100 })).toEqual({ kind: 'component', id: l.components[1]?.id });
    expect(hitTest(l, { x: 250, y: 250 })).toEqual({ kind: 'zone', id: withBar.zones[0]?.id });
    expect(hitTest(l, { x: 900, y: 900 })).toBeNull();
  });
  it.each([
    ['se', 10, 20, { x: 0, y: 0, width: 110, height: 120 }],
    ['nw', 10, 20, { x: 10, y: 20, width: 90, height: 80 }],
    ['w', 95, 0, { x: 80, y: 0, width: 20, height: 100 }],
    ['n', 0, -30, { x: 0, y: -30, width: 100, height: 130 }],
  ] as const)('resizes by the %s handle', (handle, dx, dy, expected) => {
    expect(resizeRect({ x: 0, y: 0, width: 100, height: 100 }, handle, dx, dy, 20)).toEqual(expected);
  });
  it('draws a zone from two corners, or the 100x80 preview for one spot', () => {
    expect(zoneRect({ x: 200, y: 200 }, { x: 50, y: 100 })).toEqual({ x: 50, y: 100, width: 150, height: 100 });
    expect(zoneRect({ x: 10, y: 10 }, { x: 12, y: 11 })).toEqual({ x: 10, y: 10, width: 100, height: 80 });
  });
});

describe('Save as Template and placing a template', () => {
  const zone = {
    id: 'z1',
    name: 'Patio',
    type: 'patio' as const,
    x: 100,
    y: 100,
    width: 300,
    height: 200,
    color: '#dcfce7',
  };
  const base = (): FloorLayout => {
    let l: FloorLayout = { ...EMPTY_LAYOUT, zones: [zone] };
    l = addFromLibrary(l, 'round-4', { x: 200, y: 200 }, () => 'in-zone');
    l = addFromLibrary(l, 'square-2', { x: 600, y: 500 }, () => 'outside');
    return { ...l, components: l.components.map((c) => ({ ...c, tableId: c.id === 'in-zone' ? LINKED : null })) };
  };
  const LINKED = '00000000-0000-4000-8000-000000000001';

  it('keeps a zone with the items standing in it, or one item alone', () => {
    const l = base();
    const patio = templateOf(l, { kind: 'zone', id: 'z1' });
    expect(patio.zones.map((z) => z.name)).toEqual(['Patio']);
    expect(patio.components.map((c) => c.id)).toEqual(['in-zone']);
    const one = templateOf(l, { kind: 'component', id: 'outside' });
    expect(one).toEqual({ zones: [], components: [{ ...l.components[1], zone: null }] });
    expect(templateOf(l, { kind: 'zone', id: 'nope' })).toEqual({ zones: [], components: [] });
  });

  it('places a template with new ids from a point, its tables unlinked and numbered as the floor next', () => {
    const l = base();
    const patio = templateOf(l, { kind: 'zone', id: 'z1' });
    let n = 0;
    const placed = addTemplate(l, patio, { x: 500, y: 0 }, () => `new-${++n}`);
    expect(placed.zones).toHaveLength(2);
    const [, newZone] = placed.zones;
    expect(newZone).toMatchObject({ id: 'new-1', name: 'Patio', x: 500, y: 0 });
    const added = placed.components.slice(2);
    expect(added).toHaveLength(1);
    expect(added[0]).toMatchObject({ id: 'new-2', zone: 'new-1', tableId: null });
    // Where it stood inside its zone is kept.
    const original = l.components[0] as FloorComponent;
    expect([added[0]?.x, added[0]?.y]).toEqual([original.x - 100 + 500, original.y - 100]);
    expect(added[0]?.number).not.toBeNull();
    expect(new Set(placed.components.map((c) => c.number)).size).toBe(3);
    // Nothing to place: the floor is as it was.
    expect(addTemplate(l, { zones: [], components: [] }, { x: 0, y: 0 }, () => 'x')).toBe(l);
  });
});
