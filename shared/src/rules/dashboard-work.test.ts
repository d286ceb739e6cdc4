import { describe, expect, it } from 'vitest';
import type { Payment } from '../schemas/payment.js';
import type { Task } from '../schemas/task.js';
import {
  activityLine,
  assigneesByTable,
  paymentExitRows,
  paymentUrgency,
  shiftRange,
  staffInitials,
} from './dashboard-work.js';

const now = new Date('2026-11-28T20:00:00Z');
const ago = (min: number) => new Date(now.getTime() - min * 60_000).toISOString();

function payment(over: Partial<Payment>): Payment {
  return {
    id: 'p1',
    venueId: 'v',
    orderId: 'o1',
    sessionId: 's1',
    tableName: 'Table 4',
    amount: '21.21',
    tipAmount: '3.00',
    currency: 'usd',
    status: 'PENDING',
    paymentMethod: 'cash',
    provider: 'venue',
    splitId: null,
    splitLabel: null,
    splitItems: [],
    paymentIntentId: null,
    createdAt: ago(6),
    paidAt: null,
    ...over,
  } as Payment;
}

describe('paymentUrgency', () => {
  it.each([
    [0, 'low'],
    [120_000, 'low'],
    [120_001, 'medium'],
    [300_000, 'medium'],
    [300_001, 'high'],
  ] as const)('%i ms waiting is %s', (ms, level) => expect(paymentUrgency(ms)).toBe(level));
});

describe('paymentExitRows', () => {
  const tables = [
    { id: 't4', name: 'Table 4', state: 'PAYING' as const, timeSeated: ago(50) },
    { id: 't5', name: 'Table 5', state: 'EXIT_PENDING' as const, timeSeated: ago(70) },
  ];
  const tasks = [
    {
      id: 'k',
      type: 'RUN',
      status: 'PENDING',
      targetTableId: 't4',
      metadata: { assignee: 'Sam Staff' },
      createdAt: ago(1),
    },
  ] as unknown as Task[];

  it('lists waiting payments with amount and tip, age, urgency and assignee; exits; verified ones last', () => {
    const rows = paymentExitRows(
      [
        payment({}),
        payment({ id: 'p2', status: 'COMPLETED', paidAt: ago(10), createdAt: ago(12) }),
        payment({ id: 'p3', status: 'COMPLETED', paidAt: ago(40) }),
      ],
      tables,
      assigneesByTable(tasks),
      now,
    );
    expect(rows.map((r) => [r.key, r.urgency, r.resolved, r.assignee, r.amountCents, r.ageMinutes])).toEqual([
      ['payment:p1', 'high', false, 'Sam Staff', 2421, 6],
      ['exit:t5', 'medium', false, null, null, 70],
      ['payment:p2', 'low', true, 'Sam Staff', 2421, 12],
    ]);
  });
});

describe('activity lines', () => {
  it('says what happened with the author initials', () => {
    const line = activityLine(
      {
        seq: 7,
        type: 'staff.alert',
        payloadJson: { alert: { message: 'Spill at 4', sentBy: 'Kitchen PC' } },
        createdAt: ago(1),
        userName: 'Mia Manager',
      },
      () => null,
    );
    expect(line).toMatchObject({ seq: 7, category: 'alerts', text: 'Alert: Spill at 4', initials: 'MM' });
    expect(staffInitials('  ')).toBeNull();
    expect(staffInitials('Kitchen')).toBe('KI');
  });
});

describe('shiftRange', () => {
  it('is never empty: at 16:00 sharp the current shift and at midnight today are their first minute', () => {
    const dinner = new Date('2026-11-29T21:00:00Z'); // 16:00 in New York
    expect(shiftRange('current', dinner, 'America/New_York')).toEqual({
      from: dinner,
      to: new Date('2026-11-29T21:01:00Z'),
    });
    const midnight = new Date('2026-11-29T05:00:00Z'); // 00:00 in New York
    expect(shiftRange('today', midnight, 'America/New_York')).toEqual({
      from: midnight,
      to: new Date('2026-11-29T05:01:00Z'),
    });
    const later = new Date('2026-11-29T21:30:00Z');
    expect(shiftRange('current', later, 'America/New_York').to).toEqual(later);
  });

  it('follows the venue clock: dinner from 16:00, today from midnight, yesterday whole', () => {
    // 20:00 UTC is 15:00 in New York (EST, -5): the lunch service, from 06:00 local = 11:00 UTC
    expect(shiftRange('current', now, 'America/New_York').from.toISOString()).toBe('2026-11-28T11:00:00.000Z');
    expect(shiftRange('current', new Date('2026-11-28T22:00:00Z'), 'America/New_York').from.toISOString()).toBe(
      '2026-11-28T21:00:00.000Z',
    );
    // 03:00 local the next morning: the night's dinner goes on
    expect(shiftRange('current', new Date('2026-11-29T08:00:00Z'), 'America/New_York').from.toISOString()).toBe(
      '2026-11-28T21:00:00.000Z',
    );
    expect(shiftRange('today', now, 'America/New_York').from.toISOString()).toBe('2026-11-28T05:00:00.000Z');
    const y = shiftRange('yesterday', now, 'America/New_York');
    expect([y.from.toISOString(), y.to.toISOString()]).toEqual([
      '2026-11-27T05:00:00.000Z',
      '2026-11-28T05:00:00.000Z',
    ]);
  });
});
