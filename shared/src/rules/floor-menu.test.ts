import { describe, expect, it } from 'vitest';
import { chairChoices, rotatedByStep, toggledStatus } from './floor-menu.js';

const offered = (capacity: number) => Object.fromEntries(chairChoices(capacity).map((c) => [c.label, c.to]));

describe('Chair Management', () => {
  it('adds and removes one, takes two off down to 1 and adds 1, 2 or 4', () => {
    expect(offered(4)).toMatchObject({ 'Add Chair': 5, 'Remove Chair': 3, '-2': 2, '+1': 5, '+2': 6, '+4': 8 });
    expect(offered(3)['-2']).toBe(1);
  });

  it('offers no Remove Chair at one seat and no -2 at two', () => {
    expect(offered(1)).toMatchObject({ 'Remove Chair': null, '-2': null });
    expect(offered(2)).toMatchObject({ 'Remove Chair': 1, '-2': null });
  });

  it('sets the quick values, and never past the 20 seats a table takes', () => {
    expect(
      chairChoices(4)
        .slice(6)
        .map((c) => [c.short, c.to]),
    ).toEqual([
      ['1', 1],
      ['2', 2],
      ['4', 4],
      ['6', 6],
      ['8', 8],
      ['10', 10],
      ['12', 12],
    ]);
    expect(offered(18)).toMatchObject({ '+2': 20, '+4': 20, 'Add Chair': 19 });
  });
});

describe('the table menu', () => {
  it.each([
    ['EMPTY', 'OCCUPIED'],
    ['OCCUPIED', 'EMPTY'],
    ['RESERVED', 'EMPTY'],
    ['HOLD', 'EMPTY'],
  ] as const)('toggles %s to %s', (from, to) => expect(toggledStatus(from)).toBe(to));

  it('turns 45 degrees at a time, back to 0 after a full turn', () => {
    expect([0, 45, 315, 350, -45].map(rotatedByStep)).toEqual([45, 90, 0, 35, 0]);
  });
});
