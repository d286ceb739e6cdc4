import { describe, expect, it } from 'vitest';
import { MESSAGES } from '../messages.js';
import { filterSeats, holdCountdown, NO_SEAT_FILTERS, selectTableProblem } from './seat-selection.js';

const t = (
  name: string,
  zone: string,
  capacity: number,
  flags: Partial<Record<'isAccessible' | 'hasView' | 'hasPlugs' | 'isQuiet', boolean>> = {},
) => ({
  name,
  zone,
  capacity,
  isAccessible: false,
  hasView: false,
  hasPlugs: false,
  isQuiet: false,
  ...flags,
});
const tables = [
  t('1', 'Dining Room', 2, { isQuiet: true }),
  t('2', 'Dining Room', 4, { isAccessible: true, hasPlugs: true }),
  t('21', 'Patio', 6, { hasView: true, isAccessible: true }),
  t('B1', 'Bar Area', 8, { hasPlugs: true }),
];
const names = (list: { name: string }[]) => list.map((x) => x.name);

describe('seat filters', () => {
  it('no filter shows every table', () =>
    expect(names(filterSeats(tables, NO_SEAT_FILTERS))).toEqual(['1', '2', '21', 'B1']));
  it.each([
    [2, ['1', '2', '21', 'B1']],
    [4, ['2', '21', 'B1']],
    [6, ['21', 'B1']],
    [8, ['B1']],
  ] as const)('%i+ seats', (minSeats, expected) => {
    expect(names(filterSeats(tables, { ...NO_SEAT_FILTERS, minSeats }))).toEqual(expected);
  });
  it.each([
    [['accessibility'], ['2', '21']],
    [['view'], ['21']],
    [['plugs'], ['2', 'B1']],
    [['quiet'], ['1']],
    [['accessibility', 'plugs'], ['2']],
  ] as const)('features %j', (features, expected) => {
    expect(names(filterSeats(tables, { ...NO_SEAT_FILTERS, features }))).toEqual(expected);
  });
  it('zone combines with the others', () => {
    expect(names(filterSeats(tables, { zone: 'Dining Room', minSeats: 4, features: [] }))).toEqual(['2']);
    expect(names(filterSeats(tables, { zone: 'Patio', minSeats: 8, features: [] }))).toEqual([]);
  });
});

describe('hold countdown', () => {
  const now = new Date('2025-01-01T12:00:00Z');
  const inMs = (ms: number) => new Date(now.getTime() + ms);
  it.each([
    [180_000, '3:00', false],
    [125_000, '2:05', false],
    [59_001, '1:00', false],
    [1, '0:01', false],
    [0, '0:00', true],
    [-5_000, '0:00', true],
  ])('%i ms left reads %s', (ms, text, expired) => {
    expect(holdCountdown(inMs(ms), now)).toMatchObject({ text, expired });
  });
  it('while a hold is active another table cannot be picked', () => {
    expect(selectTableProblem({ expiresAt: inMs(1000) }, now)).toBe(MESSAGES.tableAlreadyReserved);
    expect(selectTableProblem({ expiresAt: inMs(0) }, now)).toBeNull();
    expect(selectTableProblem(null, now)).toBeNull();
  });
});
