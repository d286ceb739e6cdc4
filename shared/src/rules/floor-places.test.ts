import { describe, expect, it } from 'vitest';
import type { Table } from '../schemas/entities.js';
import type { FloorComponent, FloorLayout } from './floor-layout.js';
import { liveFloorLayout, SEAT_MAP_MIN_TARGET_PX, seatMapFrame, tablePlace } from './floor-places.js';

const table = (id: string, extra: Partial<Table> = {}): Table => ({
  id,
  venueId: 'v',
  name: `Table ${id}`,
  number: id,
  shape: 'RECTANGLE',
  capacity: 6,
  capacityMin: 1,
  capacityMax: 6,
  xPosition: 300,
  yPosition: 200,
  rotation: 45,
  zone: null,
  isAccessible: false,
  state: 'EMPTY',
  holdExpiresAt: null,
  partyName: null,
  guestCount: null,
  timeSeated: null,
  ...extra,
});
const component = (id: string, tableId: string | null, extra: Partial<FloorComponent> = {}): FloorComponent => ({
  id,
  libraryComponentId: 'oval-8',
  name: 'Oval',
  type: 'table',
  shape: null,
  x: 300,
  y: 200,
  width: 150,
  height: 90,
  rotation: 45,
  zIndex: 0,
  number: null,
  capacity: 8,
  zone: null,
  tableId,
  ...extra,
});

describe('where a table is drawn', () => {
  it('takes its size and shape from the component linked to it, and its place from its columns', () => {
    expect(tablePlace(table('1', { xPosition: 310 }), component('c', '1'))).toEqual({
      x: 310,
      y: 200,
      width: 150,
      height: 90,
      rotation: 45,
      shape: 'oval',
    });
  });

  it.each([
    ['CIRCLE', 2, { width: 60, height: 60, shape: 'round' }],
    ['RECTANGLE', 6, { width: 100, height: 80, shape: 'rectangle' }],
    ['OVAL', 8, { width: 120, height: 90, shape: 'oval' }],
    ['BOOTH', 4, { width: 80, height: 80, shape: 'booth' }],
  ] as const)('without a layout a %s table of %i is sized as the designer sizes it', (shape, seats, expected) => {
    expect(tablePlace(table('1', { shape, capacityMax: seats }))).toMatchObject(expected);
  });

  it('draws the layout decor and zones, every table at its place and never a retired one', () => {
    const layout: FloorLayout = {
      components: [
        component('c1', '1'),
        component('gone', 'retired'),
        component('plant', null, { type: 'decor', libraryComponentId: 'plant', capacity: null }),
      ],
      zones: [{ id: 'z', name: 'Patio', type: 'patio', x: 0, y: 0, width: 500, height: 400, color: '#dcfce7' }],
      numbering: { useZonePrefixes: true, useShapeSuffixes: false, sequentialByZone: true },
    };
    const drawn = liveFloorLayout(layout, [table('1'), table('2', { xPosition: 40, shape: 'SQUARE' })]);
    expect(drawn.zones).toEqual(layout.zones);
    expect(drawn.components.map((c) => [c.id, c.type, c.x, c.width])).toEqual([
      ['plant', 'decor', 300, 150],
      ['1', 'table', 300, 150],
      ['2', 'table', 40, 100],
    ]);
    expect(liveFloorLayout(null, [table('1')]).components).toHaveLength(1);
  });
});

describe("the guest's seat map frame", () => {
  const places = [
    { x: 100, y: 100, width: 80, height: 80 },
    { x: 700, y: 500, width: 100, height: 80 },
  ];

  it('frames the tables with a margin and fills the phone when the tables stay a finger wide', () => {
    const frame = seatMapFrame(places, 740);
    expect(frame?.viewBox).toEqual({ x: 80, y: 80, width: 740, height: 520 });
    expect(frame?.widthPx).toBe(740);
    expect(frame?.scale).toBe(1);
  });

  it('draws wider than the phone, to scroll, when the smallest table would be under 44 px', () => {
    const frame = seatMapFrame(places, 358);
    expect(frame?.scale).toBeCloseTo(SEAT_MAP_MIN_TARGET_PX / 80);
    expect(frame?.widthPx).toBeGreaterThan(358);
    expect(80 * (frame?.scale ?? 0)).toBeGreaterThanOrEqual(44);
    expect(seatMapFrame([], 358)).toBeNull();
  });
});
