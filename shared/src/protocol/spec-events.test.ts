import { describe, expect, it } from 'vitest';
import { TURNOVER } from '../constants.js';
import { TURNOVER_MESSAGES } from '../messages.js';
import { LiveEvent } from './events.js';
import { SPEC_EVENT_NAMES, SPEC_EVENTS, specNamesOf } from './spec-events.js';

const OURS = new Set<string>(LiveEvent.options.map((o) => o.shape.type.value));
const at = '2026-11-29T19:00:00.000Z';
const envelope = { seq: 1, venueId: '00000000-0000-4000-8000-000000000001', at };
const task = (type: string, status: string, description: string | null = null) => ({
  id: 't1',
  type,
  status,
  description,
});
const event = (e: object) => ({ ...envelope, ...e }) as unknown as LiveEvent;

describe('the spec event names and ours', () => {
  it('names every spec event once, sent as it is or carried by events we send', () => {
    expect(new Set(SPEC_EVENT_NAMES).size).toBe(SPEC_EVENT_NAMES.length);
    for (const name of SPEC_EVENT_NAMES) {
      const carrier = SPEC_EVENTS[name];
      if ('sent' in carrier) expect(OURS, name).toContain(name);
      else for (const type of carrier.as) expect(OURS, `${name} as ${type}`).toContain(type);
    }
  });

  it('maps each of our events to the spec names it carries, by its instance', () => {
    expect(specNamesOf(event({ type: 'order.created', order: {} }))).toEqual(['order.created', 'order.placed']);
    expect(specNamesOf(event({ type: 'task.updated', task: task('CLEAN', 'IN_PROGRESS') }))).toEqual(['task.updated']);
    expect(specNamesOf(event({ type: 'task.updated', task: task('CLEAN', 'COMPLETED') }))).toEqual([
      'task.updated',
      'task.completed',
    ]);
    expect(specNamesOf(event({ type: 'task.updated', task: task('QA', 'COMPLETED') }))).toEqual([
      'task.updated',
      'task.completed',
      'table.qa_check.completed',
    ]);
    const urgent = task('CLEAN', 'PENDING', TURNOVER_MESSAGES.emergencyCleanDescription);
    expect(specNamesOf(event({ type: 'task.created', task: urgent }))).toEqual([
      'task.created',
      'table.emergency_clean',
    ]);
    expect(specNamesOf(event({ type: 'task.created', task: task('CLEAN', 'PENDING') }))).toEqual(['task.created']);
    expect(specNamesOf(event({ type: 'table.state.changed', state: 'MAINTENANCE', tableId: 'x', table: {} }))).toEqual([
      'table.updated',
      'table.state.changed',
      'table.maintenance_required',
    ]);
    expect(specNamesOf(event({ type: 'payment.status.changed', payment: {} }))).toEqual([
      'payment.processed',
      'payment.status.changed',
    ]);
  });

  it('reads a notified party cancelled after the timeout as waitlist.timeout, and a quicker removal not', () => {
    const notifiedAgo = (minutes: number) => new Date(Date.parse(at) - minutes * 60_000).toISOString();
    const cancelled = (minutes: number) =>
      event({ type: 'waitlist.updated', entry: { status: 'CANCELLED', notifiedAt: notifiedAgo(minutes) } });
    expect(specNamesOf(cancelled(TURNOVER.waitlistTimeoutMinutes))).toEqual(['waitlist.updated', 'waitlist.timeout']);
    expect(specNamesOf(cancelled(TURNOVER.waitlistTimeoutMinutes - 1))).toEqual(['waitlist.updated']);
  });
});
