import { describe, expect, it } from 'vitest';
import { MESSAGES } from '../messages.js';
import { findStuckTables, turnoverPlan } from './turnover.js';

describe('turnover automation (spec 3 section 4)', () => {
  it('payment completed with the session complete: Paid, no CLEAN task, whatever is still to serve (issue 22)', () => {
    expect(turnoverPlan('EATING', { type: 'payment.completed', sessionComplete: true, rushOrder: false })).toEqual({
      ok: true,
      plan: { trigger: 'paymentCompleted', to: 'PAYMENT_VERIFIED', cleanTask: null, notifyNextParty: false },
    });
    const rushed = turnoverPlan('PAYING', { type: 'payment.completed', sessionComplete: true, rushOrder: true });
    expect(rushed.ok && rushed.plan).toMatchObject({ to: 'PAYMENT_VERIFIED', cleanTask: null });
    // Paid already (staff verified it): the table stays as it is.
    expect(
      turnoverPlan('PAYMENT_VERIFIED', { type: 'payment.completed', sessionComplete: true, rushOrder: false }).ok,
    ).toBe(false);
  });

  it('the party left with nothing to serve: CLEANING and a CLEAN task, high if rushed; with food to come it waits', () => {
    const left = turnoverPlan('PAYMENT_VERIFIED', { type: 'party.departed', outstanding: 0, rushOrder: false });
    expect(left).toEqual({
      ok: true,
      plan: {
        trigger: 'partyLeft',
        to: 'CLEANING',
        cleanTask: { priority: 2, level: 'normal', issues: [] },
        notifyNextParty: false,
      },
    });
    const rushed = turnoverPlan('PAYMENT_VERIFIED', { type: 'party.departed', outstanding: 0, rushOrder: true });
    expect(rushed.ok && rushed.plan.cleanTask).toEqual({ priority: 3, level: 'high', issues: [] });
    const owed = turnoverPlan('PAYMENT_VERIFIED', { type: 'party.departed', outstanding: 2, rushOrder: false });
    expect(owed.ok && owed.plan).toMatchObject({ to: 'EXIT_PENDING', cleanTask: null });
    // Not paid: no departure turns the table over.
    expect(turnoverPlan('EATING', { type: 'party.departed', outstanding: 0, rushOrder: false }).ok).toBe(false);
  });

  it('the last item of a party that left is served: the table turns over; before that, or with the party seated, nothing', () => {
    const last = turnoverPlan('EXIT_PENDING', { type: 'items.settled', outstanding: 0, rushOrder: true });
    expect(last.ok && last.plan).toMatchObject({ to: 'CLEANING', cleanTask: { level: 'high' } });
    const nothing = { ok: true, plan: { trigger: null, to: null, cleanTask: null, notifyNextParty: false } };
    expect(turnoverPlan('EXIT_PENDING', { type: 'items.settled', outstanding: 1, rushOrder: false })).toEqual(nothing);
    expect(turnoverPlan('PAYMENT_VERIFIED', { type: 'items.settled', outstanding: 0, rushOrder: false })).toEqual(
      nothing,
    );
  });

  it('payment completed while the session goes on changes nothing', () => {
    expect(turnoverPlan('EATING', { type: 'payment.completed', sessionComplete: false, rushOrder: false })).toEqual({
      ok: true,
      plan: { trigger: null, to: null, cleanTask: null, notifyNextParty: false },
    });
  });

  it('cleaning task completed: QA_CHECK; other task types are ignored', () => {
    const r = turnoverPlan('CLEANING', { type: 'task.completed', taskType: 'CLEAN' });
    expect(r.ok && r.plan.to).toBe('QA_CHECK');
    const run = turnoverPlan('CLEANING', { type: 'task.completed', taskType: 'RUN' });
    expect(run.ok && run.plan.to).toBeNull();
  });

  it('QA passed: EMPTY and the next party notified; failed: CLEANING with a high task and the issues', () => {
    const pass = turnoverPlan('QA_CHECK', { type: 'table.qa_check.completed', passed: true, issues: [] });
    expect(pass.ok && pass.plan).toMatchObject({ to: 'EMPTY', notifyNextParty: true, cleanTask: null });
    const fail = turnoverPlan('QA_CHECK', { type: 'table.qa_check.completed', passed: false, issues: ['crumbs'] });
    expect(fail.ok && fail.plan).toMatchObject({
      to: 'CLEANING',
      notifyNextParty: false,
      cleanTask: { level: 'high', priority: 3, issues: ['crumbs'] },
    });
  });

  it('emergency clean: CLEANING with an urgent task; maintenance: MAINTENANCE; timeout: notify next', () => {
    const emergency = turnoverPlan('EATING', { type: 'table.emergency_clean' });
    expect(emergency.ok && emergency.plan).toMatchObject({
      to: 'CLEANING',
      cleanTask: { level: 'urgent', priority: 5 },
    });
    const maintenance = turnoverPlan('EMPTY', { type: 'table.maintenance_required' });
    expect(maintenance.ok && maintenance.plan.to).toBe('MAINTENANCE');
    expect(turnoverPlan('EATING', { type: 'waitlist.timeout' })).toEqual({
      ok: true,
      plan: { trigger: null, to: null, cleanTask: null, notifyNextParty: true },
    });
  });

  it('refuses a move the table cannot make, with the reason', () => {
    expect(turnoverPlan('EATING', { type: 'table.qa_check.completed', passed: true, issues: [] })).toEqual({
      ok: false,
      reason: 'Cannot pass QA for a table that is Eating',
    });
    expect(turnoverPlan('EMPTY', { type: 'task.completed', taskType: 'CLEAN' }).ok).toBe(false);
  });
});

describe('stuck-state check', () => {
  const now = new Date('2025-01-01T20:00:00Z');
  const minutesAgo = (m: number) => new Date(now.getTime() - m * 60_000);
  it('finds long cleaning, stuck QA and abandoned sessions past their limits only', () => {
    const found = findStuckTables(
      [
        { id: 'a', name: '4', state: 'CLEANING', lastActivity: minutesAgo(31) },
        { id: 'b', name: '5', state: 'CLEANING', lastActivity: minutesAgo(30) },
        { id: 'c', name: '6', state: 'QA_CHECK', lastActivity: minutesAgo(16) },
        { id: 'd', name: '7', state: 'EATING', lastActivity: minutesAgo(181) },
        { id: 'e', name: '8', state: 'EATING', lastActivity: minutesAgo(60) },
        { id: 'f', name: '9', state: 'EMPTY', lastActivity: minutesAgo(600) },
      ],
      now,
    );
    expect(found.map((f) => [f.id, f.issue, f.moveToCleaning, f.message])).toEqual([
      ['a', 'LONG_CLEANING', false, 'Table 4 has been cleaning for over 30 minutes.'],
      ['c', 'STUCK_QA', false, 'Table 6 needs QA attention.'],
      ['d', 'ABANDONED_SESSION', true, MESSAGES.abandonedSession('7')],
    ]);
  });

  it('names the table by its number in the toasts when it has one, keeping its name in the report', () => {
    const now = new Date('2026-01-01T12:00:00Z');
    const [found] = findStuckTables(
      [
        {
          id: 'a',
          name: 'Window Booth',
          number: '12',
          state: 'QA_CHECK',
          lastActivity: new Date('2026-01-01T11:00:00Z'),
        },
      ],
      now,
    );
    expect(found).toMatchObject({ name: 'Window Booth', message: 'Table 12 needs QA attention.' });
  });
});
