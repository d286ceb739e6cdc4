import { describe, expect, it } from 'vitest';
import { DEFAULT_NUMBERING } from '../constants.js';
import {
  capacityAfterKey,
  chairButtons,
  clampLibraryWidth,
  clampResize,
  commitInlineNumber,
  defaultNewTablePosition,
  duplicatePosition,
  formatTableNumber,
  inferZone,
  needsSpacingWarning,
  nextTableLabel,
  nextTableNumber,
  parseCapacityField,
  parseTableNumberField,
  parseZoneDimensionField,
  rotateStep,
  seatTotal,
  snapPoint,
  tableSize,
  trimmedNameOrNull,
  zoomBy,
} from './floor-designer.js';

const byZone = { sequentialByZone: true };

describe('table numbering', () => {
  it.each([
    [[], 'dining', 1],
    [[1, 2, 4], 'dining', 3],
    [[], 'patio', 21],
    [[21, 22], 'patio', 23],
    [[1, 2, 3, 4, 5, 6, 7, 8], 'bar', 9], // a full range goes beyond its end
    [[21, 22, 23, 24, 25, 26, 27, 28, 29, 30], 'patio', 31],
    [[1, 2, 3, 4, 5, 6], 'vip', 7],
  ] as const)('used %j in %s → %i', (used, zone, n) => expect(nextTableNumber(used, zone, byZone)).toBe(n));

  it('without sequential-by-zone, numbers start at 1 everywhere', () => {
    expect(nextTableNumber([], 'patio', { sequentialByZone: false })).toBe(1);
    expect(nextTableNumber([1, 3], null, byZone)).toBe(2);
  });

  it.each([
    [3, 'bar', 'round', { useZonePrefixes: true, useShapeSuffixes: false }, 'B3'],
    [3, 'bar', 'round', { useZonePrefixes: true, useShapeSuffixes: true }, 'B3R'],
    [3, 'bar', 'round', { useZonePrefixes: false, useShapeSuffixes: false }, '3'],
    [22, 'patio', 'booth', { useZonePrefixes: true, useShapeSuffixes: true }, '22H'],
    [5, 'vip', 'halfmoon', { useZonePrefixes: true, useShapeSuffixes: true }, 'P5H'],
    [1, 'custom', 'rectangle', { useZonePrefixes: true, useShapeSuffixes: true }, 'C1B'],
    [2, 'kitchen', 'banquet', { useZonePrefixes: true, useShapeSuffixes: true }, 'K2B'],
    [4, 'waiting', 'oval', { useZonePrefixes: true, useShapeSuffixes: true }, 'W4O'],
    [6, 'entrance', 'quarter', { useZonePrefixes: true, useShapeSuffixes: true }, 'E6Q'],
    [7, 'restroom', 'square', { useZonePrefixes: true, useShapeSuffixes: true }, 'R7S'],
    [8, 'storage', null, { useZonePrefixes: true, useShapeSuffixes: true }, 'S8'],
  ] as const)('%i in %s (%s) with %j reads %s', (n, zone, shape, settings, label) => {
    expect(formatTableNumber(n, zone, shape, settings)).toBe(label);
  });

  it('the next label reads the numbers out of existing labels', () => {
    expect(nextTableLabel(['B1', 'B2', 'B4'], 'bar', 'round', DEFAULT_NUMBERING)).toBe('B3');
    expect(nextTableLabel(['B1', 'B2', 'B3', 'B4', 'B5', 'B6', 'B7', 'B8'], 'bar', 'round', DEFAULT_NUMBERING)).toBe(
      'B9',
    );
  });
});

describe('table size by capacity', () => {
  it.each([
    ['round', 1, 60, 60],
    ['round', 2, 60, 60],
    ['square', 3, 80, 80],
    ['square', 4, 80, 80],
    ['round', 6, 100, 100],
    ['round', 8, 120, 120],
    ['rectangle', 6, 100, 80],
    ['rectangle', 10, 120, 80],
    ['oval', 4, 80, 90],
    ['oval', 12, 120, 90],
  ] as const)('%s for %i: %i x %i', (shape, capacity, width, height) => {
    expect(tableSize(shape, capacity)).toEqual({ width, height });
  });
});

describe('snapping and resizing', () => {
  it('snaps to 10 on move and resize, 20 on pointer drag, not at all when off', () => {
    expect(snapPoint({ x: 14, y: 16 }, 'moveAndResize')).toEqual({ x: 10, y: 20 });
    expect(snapPoint({ x: 29, y: 31 }, 'pointerDrag')).toEqual({ x: 20, y: 40 });
    expect(snapPoint({ x: 29, y: 31 }, 'pointerDrag', false)).toEqual({ x: 29, y: 31 });
  });
  it('resize minima are 20 for components and 50 for zones', () => {
    expect(clampResize({ width: 5, height: 40 }, 'component')).toEqual({ width: 20, height: 40 });
    expect(clampResize({ width: 49, height: 51 }, 'zone')).toEqual({ width: 50, height: 51 });
  });
});

describe('capacity', () => {
  it.each([
    [4, '+', 5],
    [4, '=', 5],
    [4, '-', 3],
    [4, '_', 3],
    [1, '-', 1],
    [20, '+', 20],
    [4, 'x', null],
  ])('keyboard: %i then %s → %s', (capacity, key, next) => expect(capacityAfterKey(capacity, key)).toBe(next));

  it('chair buttons: disabled edges, -2 floors at 1, adds have no upper bound', () => {
    expect(chairButtons.removeChairDisabled(1)).toBe(true);
    expect(chairButtons.removeChairDisabled(2)).toBe(false);
    expect(chairButtons.minusTwoDisabled(2)).toBe(true);
    expect(chairButtons.minusTwoDisabled(3)).toBe(false);
    expect(chairButtons.minusTwo(3)).toBe(1);
    expect(chairButtons.removeChair(1)).toBe(1);
    expect(chairButtons.add(20, 4)).toBe(24);
  });

  it('text fields fall back: number 1, capacity 2, zone size 0; empty inline edit keeps the old', () => {
    expect(parseTableNumberField('abc')).toBe(1);
    expect(parseTableNumberField('12')).toBe(12);
    expect(parseCapacityField('')).toBe(2);
    expect(parseCapacityField('6')).toBe(6);
    expect(parseZoneDimensionField('wide')).toBe(0);
    expect(commitInlineNumber('  ', 'B3')).toBe('B3');
    expect(commitInlineNumber(' B4 ', 'B3')).toBe('B4');
    expect(trimmedNameOrNull('   ')).toBeNull();
    expect(trimmedNameOrNull(' Terrace ')).toBe('Terrace');
  });
});

describe('placement', () => {
  it('duplicates offset 50 from the context menu and 60 from the Properties panel', () => {
    expect(duplicatePosition({ x: 100, y: 200 }, 'contextMenu')).toEqual({ x: 150, y: 250 });
    expect(duplicatePosition({ x: 100, y: 200 }, 'propertiesPanel')).toEqual({ x: 160, y: 260 });
  });
  it.each([
    [0, 150, 150],
    [3, 510, 150],
    [4, 150, 270],
    [9, 270, 390],
  ])('new table %i at (%i,%i)', (i, x, y) => expect(defaultNewTablePosition(i)).toEqual({ x, y }));

  const zones = [
    { id: 'dining', x: 0, y: 0, width: 400, height: 300 },
    { id: 'bar', x: 300, y: 200, width: 200, height: 200 },
  ];
  it.each([
    [{ x: 10, y: 10, width: 60, height: 60 }, 'dining'],
    [{ x: 320, y: 220, width: 60, height: 60 }, 'bar'], // overlap: the zone drawn last
    [{ x: 600, y: 500, width: 60, height: 60 }, null],
  ])('zone of %j is %s', (table, zone) => expect(inferZone(table, zones)?.id ?? null).toBe(zone));

  it('seat total sums capacity; spacing warning above 15 items', () => {
    expect(seatTotal([{ capacity: 4 }, { capacity: 6 }, {}, { capacity: null }])).toBe(10);
    expect(needsSpacingWarning(15)).toBe(false);
    expect(needsSpacingWarning(16)).toBe(true);
  });

  it('library width 200-600, zoom steps of 0.1 within 0.01-100, rotation by 45', () => {
    expect(clampLibraryWidth(150)).toBe(200);
    expect(clampLibraryWidth(700)).toBe(600);
    expect(zoomBy(1, 1)).toBe(1.1);
    expect(zoomBy(0.05, -1)).toBe(0.01);
    expect(zoomBy(100, 1)).toBe(100);
    expect(rotateStep(0)).toBe(45);
    expect(rotateStep(315)).toBe(0);
  });
});
