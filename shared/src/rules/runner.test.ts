import { describe, expect, it } from 'vitest';
import { MESSAGES } from '../messages.js';
import {
  isRunnerOrderLate,
  pickUpProblem,
  runnerWaitMinutes,
  zoneAverageDeliveryMinutes,
  zoneEfficiency,
  zoneRunOrders,
  zoneRunProblem,
} from './runner.js';

describe('runner lateness: wait > estimate + 3', () => {
  it.each([
    [7.9, 5, false],
    [8, 5, false],
    [8.1, 5, true],
    [13, 10, false],
    [14, 10, true],
    [8.5, null, true], // no estimate: the zone default of 5
    [8, undefined, false],
  ])('wait %s with estimate %s: late %s', (wait, estimate, late) => {
    expect(isRunnerOrderLate(wait, estimate)).toBe(late);
  });

  it('measures the wait from readyAt', () => {
    expect(runnerWaitMinutes(new Date('2025-01-01T12:00:00Z'), new Date('2025-01-01T12:09:30Z'))).toBe(9.5);
    expect(runnerWaitMinutes(new Date('2025-01-01T12:00:00Z'), new Date('2025-01-01T11:59:00Z'))).toBe(0);
  });
});

describe('zones', () => {
  it.each([
    [0, 0, 100],
    [3, 1, 25],
    [1, 1, 50],
    [0, 4, 100],
    [2, 0, 0],
  ])('ready %i, out %i: efficiency %i', (ready, outForDelivery, efficiency) => {
    expect(zoneEfficiency({ ready, outForDelivery })).toBe(efficiency);
  });

  it('average delivery defaults to 5', () => {
    expect(zoneAverageDeliveryMinutes([])).toBe(5);
    expect(zoneAverageDeliveryMinutes([4, 8])).toBe(6);
  });

  const orders = [
    { id: '1', zone: 'Patio', status: 'READY_FOR_RUN' },
    { id: '2', zone: 'Patio', status: 'OUT_FOR_DELIVERY' },
    { id: '3', zone: 'Bar', status: 'READY_FOR_RUN' },
    { id: '4', zone: 'Patio', status: 'READY_FOR_RUN' },
  ];
  it('a zone run takes every ready order of the zone', () => {
    expect(zoneRunOrders(orders, 'Patio').map((o) => o.id)).toEqual(['1', '4']);
  });
  it.each([
    [null, 'Patio', MESSAGES.zoneRunNeedsRunner],
    ['r1', 'Dining', MESSAGES.zoneRunNeedsReadyOrder('Dining')],
    ['r1', 'Patio', null],
  ])('runner %s, zone %s → %s', (runner, zone, problem) => {
    expect(zoneRunProblem(runner, orders, zone)).toBe(problem);
  });
  it('Pick Up needs a runner', () => {
    expect(pickUpProblem(null)).toBe(MESSAGES.pickUpNeedsRunner);
    expect(pickUpProblem('')).toBe(MESSAGES.pickUpNeedsRunner);
    expect(pickUpProblem('r1')).toBeNull();
  });
});
