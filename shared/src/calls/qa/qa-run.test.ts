import { describe, expect, it } from 'vitest';
import { criticalCount, isSeeded, journeyStatus, type QaJourney, qaProgress, quickFixList } from './qa-run.js';

const step = (
  status: QaJourney['steps'][number]['status'],
  priority: 'critical' | 'high' = 'high',
  id: string = status,
) => ({
  id,
  name: `Step ${id}`,
  status,
  priority,
  duration: null,
  error: status === 'fail' ? 'it broke' : null,
  details: null,
});
const journey = (...steps: ReturnType<typeof step>[]): QaJourney => ({
  id: 'j',
  name: 'Journey',
  description: '',
  status: journeyStatus(steps),
  steps,
});

describe('QA run rules (spec 3 section 4)', () => {
  it.each([
    [['pending', 'pending'], 'pending'],
    [['pass', 'running'], 'running'],
    [['pass', 'pass'], 'pass'],
    [['pass', 'fail', 'pending'], 'fail'],
  ] as const)('steps %j make the journey %s', (statuses, expected) => {
    expect(journeyStatus(statuses.map((s) => step(s)))).toBe(expected);
  });

  it('grows progress to 80% across the journeys, 85% before the scan, 100% at the end', () => {
    const two = [journey(step('pass'), step('pending')), journey(step('pending'), step('pending'))];
    expect(qaProgress(two, 'journeys')).toBe(20);
    // A failed journey is over: its share is whole.
    expect(qaProgress([journey(step('fail'), step('pending')), journey(step('pending'))], 'journeys')).toBe(40);
    expect(qaProgress([journey(step('pass')), journey(step('pass'))], 'journeys')).toBe(80);
    expect(qaProgress(two, 'scan')).toBe(85);
    expect(qaProgress(two, 'done')).toBe(100);
  });

  it('lists every critical issue and up to 5 high ones, and counts the critical', () => {
    const failed = journey(
      step('fail', 'critical', 'a'),
      ...Array.from({ length: 6 }, (_, i) => step('fail', 'high', `h${i}`)),
    );
    const run = {
      journeys: [failed],
      brokenButtons: [
        {
          page: 'Payments',
          testId: 'take-payment',
          element: 'Take',
          issue: 'not served',
          priority: 'critical' as const,
          route: '/payments',
        },
      ],
    };
    const list = quickFixList(run);
    expect(list.critical.map((c) => c.route)).toEqual([null, '/payments']);
    expect(list.high).toHaveLength(5);
    expect(criticalCount(run)).toBe(2);
    expect(criticalCount(null)).toBe(0);
  });

  it('is seeded only with tables and menu items', () => {
    expect(isSeeded({ success: true, dataCount: { tables: 1, menuItems: 1 } })).toBe(true);
    expect(isSeeded({ success: true, dataCount: { tables: 1, menuItems: 0 } })).toBe(false);
    expect(isSeeded({ success: false, dataCount: { tables: 1, menuItems: 1 } })).toBe(false);
  });
});
