import { describe, expect, it } from 'vitest';
import {
  DEFAULT_NUMBERING,
  type FloorComponent,
  type FloorLayout,
  type FloorZone,
  floorStats,
  parseLayoutFile,
  SHAPE_CAPACITIES,
  shapeOf,
  tableSize,
  zoneOfComponent,
} from './floor-layout.js';
import { nextTableNumber, numberCore, renumberLayout } from './floor-numbering.js';
import { type PlacedTable, planPublish, type TableUse } from './floor-publish.js';

const zone = (id: string, type: FloorZone['type'], x: number, y: number, width = 200, height = 200): FloorZone => ({
  id,
  name: id,
  type,
  x,
  y,
  width,
  height,
  color: '#ffffff',
});
const component = (id: string, x: number, y: number, extra: Partial<FloorComponent> = {}): FloorComponent => ({
  id,
  libraryComponentId: 'round-4',
  name: '',
  type: 'table',
  shape: 'round',
  x,
  y,
  width: 40,
  height: 40,
  rotation: 0,
  zIndex: 0,
  number: null,
  capacity: 4,
  zone: null,
  tableId: null,
  ...extra,
});
const ZONES = [zone('main', 'dining', 0, 0), zone('bar', 'bar', 300, 0), zone('booth', 'vip', 150, 150)];

describe('zone inference', () => {
  it.each([
    ['inside the main room', { x: 20, y: 20 }, 'main'],
    ['inside the bar', { x: 320, y: 20 }, 'bar'],
    ['where two zones overlap: the one drawn last', { x: 160, y: 160 }, 'booth'],
    ['outside every zone', { x: 600, y: 600 }, null],
    ['dropped into the bar but its centre now in the main room', { x: 20, y: 20, zone: 'bar' }, 'main'],
    ['dropped into the main room and still there, under the booth zone', { x: 160, y: 160, zone: 'main' }, 'main'],
  ])('%s', (_, at, expected) => {
    const c = component('c', at.x, at.y, { zone: 'zone' in at ? at.zone : null });
    expect(zoneOfComponent(ZONES, c)?.id ?? null).toBe(expected);
  });
});

describe('numbering', () => {
  const on = DEFAULT_NUMBERING;
  it.each([
    ['the first dining table', 'dining', 'round', [], on, '1'],
    ['the lowest free number', 'dining', 'round', ['1', '3'], on, '2'],
    ['a patio table from 21', 'patio', 'round', [], on, '21'],
    ['a bar table with its prefix', 'bar', 'round', ['B1'], on, 'B2'],
    ['past the range when the range is full', 'vip', 'round', ['P1', 'P2', 'P3', 'P4', 'P5', 'P6'], on, 'P7'],
    [
      'no prefix when Zone Prefixes is off: unique on the floor',
      'bar',
      'round',
      ['1', '2'],
      { ...on, useZonePrefixes: false },
      '3',
    ],
    ['from 1 when Sequential by Zone is off', 'patio', 'round', ['1'], { ...on, sequentialByZone: false }, '2'],
    ['with the shape suffix', 'bar', 'booth', ['B1H'], { ...on, useShapeSuffixes: true }, 'B2H'],
    ['a suffixed number still takes its number', 'dining', 'square', ['1R'], { ...on, useShapeSuffixes: true }, '2S'],
    ['outside any zone', null, 'oval', ['1'], on, '2'],
  ] as const)('%s', (_, zoneType, shape, taken, settings, expected) => {
    expect(nextTableNumber({ zoneType, shape, taken, settings })).toBe(expected);
  });

  it.each([
    ['B3R', 'B3'],
    ['12', '12'],
    ['p2', 'P2'],
    ['R', 'R'],
  ])('the core of %s is %s', (number, core) => {
    expect(numberCore(number)).toBe(core);
  });

  it('renumbers zone by zone in reading order, tables outside zones last', () => {
    const layout: FloorLayout = {
      zones: [zone('main', 'dining', 0, 0, 300, 300), zone('bar', 'bar', 400, 0)],
      numbering: DEFAULT_NUMBERING,
      components: [
        component('lower', 10, 200, { number: '9' }),
        component('upper', 200, 10, { number: '1' }),
        component('stool', 410, 10),
        component('outside', 900, 900),
        component('plant', 50, 50, { type: 'decor', capacity: null }),
      ],
    };
    const numbers = (l: FloorLayout) => Object.fromEntries(l.components.map((c) => [c.id, c.number]));
    expect(numbers(renumberLayout(layout, DEFAULT_NUMBERING))).toEqual({
      upper: '1',
      lower: '2',
      stool: 'B1',
      outside: '3',
      plant: null,
    });
    expect(numbers(renumberLayout(layout, { ...DEFAULT_NUMBERING, useZonePrefixes: false }))).toMatchObject({
      stool: '3',
      outside: '4',
    });
  });
});

describe('capacities and sizes', () => {
  it.each([
    ['round', [2, 4, 6, 8, 10]],
    ['square', [2, 4, 6, 8]],
    ['rectangle', [4, 6, 8, 10]],
    ['oval', [4, 5, 6, 7, 8, 9, 10, 11, 12]],
    ['halfmoon', [4, 6, 8]],
    ['quarter', [2, 4]],
    ['booth', [4]],
  ] as const)('%s tables seat %j', (shape, seats) => {
    expect(SHAPE_CAPACITIES[shape]).toEqual(seats);
  });
  it.each([
    ['round', 2, { width: 60, height: 60 }],
    ['square', 4, { width: 80, height: 80 }],
    ['round', 6, { width: 100, height: 100 }],
    ['round', 10, { width: 120, height: 120 }],
    ['rectangle', 6, { width: 100, height: 80 }],
    ['oval', 8, { width: 120, height: 90 }],
  ] as const)('a %s table for %i is %j', (shape, capacity, size) => {
    expect(tableSize(shape, capacity)).toEqual(size);
  });
  it.each([
    ['circle-4', 'round'],
    ['rectangle-6', 'rectangle'],
    ['half-moon-6', 'halfmoon'],
    ['booth-4', 'booth'],
    ['plant', 'square'],
  ])('library id %s is a %s table', (libraryComponentId, shape) => {
    expect(shapeOf({ shape: null, libraryComponentId })).toBe(shape);
  });
  it('counts seats over every component and warns above 15 items', () => {
    const few = { components: [component('a', 0, 0), component('b', 0, 0, { capacity: 6 })] };
    expect(floorStats(few)).toEqual({ totalSeats: 10, items: 2, tables: 2, spacingWarning: false });
    const many = { components: Array.from({ length: 16 }, (_, i) => component(`c${i}`, 0, 0)) };
    expect(floorStats(many).spacingWarning).toBe(true);
  });
});

describe('the export file', () => {
  it('reads an exported layout, dropping live fields, with defaults for numbering', () => {
    const file = JSON.stringify({ components: [{ ...component('c1', 10, 10), state: 'OCCUPIED' }], zones: ZONES });
    const read = parseLayoutFile(file);
    expect(read.ok && read.layout.components[0]).not.toHaveProperty('state');
    expect(read.ok && read.layout.numbering).toEqual(DEFAULT_NUMBERING);
  });
  it.each([
    ['not JSON', '{components', 'The file is not a floor layout: it is not JSON.'],
    [
      'no components',
      '{"zones": []}',
      'The file is not a floor layout: components: Invalid input: expected array, received undefined.',
    ],
    [
      'a bad coordinate',
      JSON.stringify({ components: [{ ...component('c1', 0, 0), x: 'left' }], zones: [] }),
      'The file is not a floor layout: components.0.x: Invalid input: expected number, received string.',
    ],
    [
      'an unknown zone type',
      JSON.stringify({ components: [], zones: [{ ...zone('z', 'dining', 0, 0), type: 'rooftop' }] }),
      'The file is not a floor layout: zones.0.type:',
    ],
    [
      'an item in a zone not on the floor',
      JSON.stringify({ components: [component('c1', 0, 0, { zone: 'gone' })], zones: [] }),
      'The file is not a floor layout: An item is placed in zone gone, which is not on this floor.',
    ],
  ])('refuses %s with a clear message', (_, text, message) => {
    const read = parseLayoutFile(text);
    expect(read.ok).toBe(false);
    expect(!read.ok && read.message).toContain(message);
  });
});

describe('publish', () => {
  const existing = (id: string, number: string, extra: Partial<PlacedTable> = {}): PlacedTable => ({
    id,
    number,
    name: `Table ${number}`,
    shape: 'CIRCLE',
    capacity: 4,
    capacityMax: 4,
    xPosition: 10,
    yPosition: 10,
    rotation: 0,
    zone: 'main',
    ...extra,
  });
  const layout: FloorLayout = {
    zones: [zone('main', 'dining', 0, 0)],
    numbering: DEFAULT_NUMBERING,
    components: [
      component('kept', 10, 10, { number: '1', tableId: 'a' }),
      component('moved', 50, 60, { number: '2', tableId: 'b', rotation: -45 }),
      component('new', 100, 100),
    ],
  };
  let ids = 0;
  const newId = () => `new-${++ids}`;

  it('creates, moves, renumbers and retires', () => {
    const plan = planPublish({
      layout,
      tables: [existing('a', '1'), existing('b', '5'), existing('c', '3')],
      uses: new Map(),
      newId,
    });
    expect(plan.creates.map((t) => [t.number, t.zone])).toEqual([['3', 'main']]);
    expect(plan.updates.map((u) => [u.id, u.number, u.moved, u.renumbered, u.rotation])).toEqual([
      ['b', '2', true, true, 315],
    ]);
    expect(plan.retires).toEqual([{ id: 'c', number: '3' }]);
    expect(plan.layout.components.find((c) => c.id === 'new')).toMatchObject({
      number: '3',
      tableId: plan.creates[0]?.id,
    });
  });

  it.each([
    ['seated', { kind: 'seated', party: 'Ada' }, 'Table 3 cannot be taken off the floor: Ada is seated there.'],
    [
      'open orders',
      { kind: 'orders', party: null },
      'Table 3 cannot be taken off the floor: a party has open orders there.',
    ],
    ['held', { kind: 'held', party: 'Lee' }, 'Table 3 cannot be taken off the floor: it is held for Lee.'],
  ] as const)('refuses to retire a table in use (%s), naming the party', (_, use, message) => {
    const uses = new Map<string, TableUse>([['c', use]]);
    expect(() =>
      planPublish({ layout, tables: [existing('a', '1'), existing('b', '2'), existing('c', '3')], uses, newId }),
    ).toThrow(message);
  });

  it('moves a table in use without a word, and refuses two tables with one number', () => {
    const uses = new Map<string, TableUse>([['b', { kind: 'seated', party: 'Ada' }]]);
    expect(planPublish({ layout, tables: [existing('a', '1'), existing('b', '2')], uses, newId }).updates).toHaveLength(
      1,
    );
    const twice = { ...layout, components: layout.components.map((c) => ({ ...c, number: '1' })) };
    expect(() => planPublish({ layout: twice, tables: [], uses, newId })).toThrow(
      'Table number 1 is used by more than one table',
    );
  });

  it('makes a new table for a link to a table this venue does not have', () => {
    const plan = planPublish({ layout, tables: [existing('a', '1')], uses: new Map(), newId });
    expect(plan.creates.map((t) => t.number).sort()).toEqual(['2', '3']);
    expect(plan.layout.components.find((c) => c.id === 'moved')?.tableId).not.toBe('b');
  });
});
