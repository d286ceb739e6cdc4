import { describe, expect, it } from 'vitest';
import { compareTables, tableLabel } from './table-order.js';

const t = (number: string, id = `00000000-0000-4000-8000-${number.padStart(12, '0').slice(-12)}`) => ({ number, id });

describe('compareTables', () => {
  it.each([
    [
      ['10', '2', '1'],
      ['1', '2', '10'],
    ],
    [
      ['B1', '3', 'A2', '12'],
      ['3', '12', 'A2', 'B1'],
    ],
    [
      ['007', '7', '6'],
      ['6', '007', '7'],
    ],
    [
      ['b', 'B', 'a'],
      ['B', 'a', 'b'],
    ],
  ])('orders %j as %j', (numbers, expected) => {
    expect(
      numbers
        .map((n) => t(n))
        .sort(compareTables)
        .map((x) => x.number),
    ).toEqual(expected);
  });

  it('breaks a tie of equal numbers by id', () => {
    const a = { number: '4', id: 'b' };
    const b = { number: '4', id: 'a' };
    expect([a, b].sort(compareTables)).toEqual([b, a]);
  });
});

describe('tableLabel', () => {
  it.each([
    [{ number: '12' }, 'Patio 12', '12'],
    [null, 'Patio 12', 'Patio 12'],
    [undefined, null, null],
  ])('table %j with order table name %j is called %j', (table, name, expected) => {
    expect(tableLabel(table, name)).toBe(expected);
  });
});
