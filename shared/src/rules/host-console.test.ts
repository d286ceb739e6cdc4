import { describe, expect, it } from 'vitest';
import type { Table, TableState } from '../schemas/entities.js';
import { hostFloorCells, seatChoices } from './host-console.js';

const table = (number: string, state: TableState, capacityMax = 4): Table => ({
  id: `00000000-0000-4000-8000-${number.padStart(12, '0')}`,
  venueId: '00000000-0000-4000-8000-000000000000',
  name: `Table ${number}`,
  number,
  shape: 'CIRCLE',
  capacity: capacityMax,
  capacityMin: 1,
  capacityMax,
  xPosition: 0,
  yPosition: 0,
  rotation: 0,
  zone: null,
  isAccessible: false,
  state,
  holdExpiresAt: null,
  partyName: null,
  guestCount: null,
  timeSeated: null,
});

describe('seat choices', () => {
  it('offers the tables the host may seat, those that fit first, then the rest in order', () => {
    const choices = seatChoices(
      [
        table('3', 'EMPTY', 2),
        table('1', 'OCCUPIED'),
        table('2', 'RESERVED'),
        table('10', 'CLEANING'),
        table('4', 'HOLD_SOFT'),
      ],
      4,
    );
    expect(choices.map((c) => [c.table.number, c.canSeat, c.fits])).toEqual([
      ['2', true, true],
      ['4', true, true],
      ['3', true, false],
      ['1', false, true],
      ['10', false, true],
    ]);
  });
});

describe('host floor plan', () => {
  it('fills 36 cells with the tables in number order, the rest empty', () => {
    const cells = hostFloorCells([table('10', 'EMPTY'), table('2', 'EATING'), table('1', 'EMPTY')]);
    expect(cells).toHaveLength(36);
    expect(cells.slice(0, 4).map((c) => c?.number ?? null)).toEqual(['1', '2', '10', null]);
  });

  it('shows at most 36 tables', () => {
    const many = Array.from({ length: 40 }, (_, i) => table(String(i + 1), 'EMPTY'));
    expect(hostFloorCells(many).at(-1)?.number).toBe('36');
  });
});
