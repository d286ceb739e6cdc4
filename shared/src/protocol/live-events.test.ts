import { describe, expect, it } from 'vitest';
import {
  AUTOMATION_LIVE_EVENTS,
  DECLARED_LIVE_EVENTS,
  LIVE_EVENT_NAMES,
  LIVE_EVENT_SCHEMAS,
  parseLiveMessage,
  STAFF_EVENT_RELOADS,
  STAFF_LIVE_EVENTS,
} from './live-events.js';

const VENUE = '11111111-1111-4111-8111-111111111111';
const ID = '22222222-2222-4222-8222-222222222222';
const envelope = { seq: 7, venueId: VENUE, at: '2025-01-01T12:00:00.000Z' };

describe('event names of spec 1 section 7', () => {
  it('lists 18 declared, 11 staff and 6 automation names, and table.state.changed', () => {
    expect(DECLARED_LIVE_EVENTS).toHaveLength(18);
    expect(STAFF_LIVE_EVENTS).toHaveLength(11);
    expect(AUTOMATION_LIVE_EVENTS).toHaveLength(6);
    expect(LIVE_EVENT_NAMES).toContain('table.state.changed');
    expect(new Set(LIVE_EVENT_NAMES).size).toBe(LIVE_EVENT_NAMES.length);
    expect(Object.keys(LIVE_EVENT_SCHEMAS).sort()).toEqual([...LIVE_EVENT_NAMES].sort());
    expect(Object.keys(STAFF_EVENT_RELOADS).sort()).toEqual([...STAFF_LIVE_EVENTS].sort());
  });
});

describe('parsing a live message', () => {
  it('accepts a known event with its payload, keeping extra fields', () => {
    const raw = JSON.stringify({ ...envelope, type: 'waitlist.updated', waitlistId: ID, status: 'NOTIFIED', extra: 1 });
    expect(parseLiveMessage(raw)).toEqual({
      ok: true,
      name: 'waitlist.updated',
      event: { ...envelope, type: 'waitlist.updated', waitlistId: ID, status: 'NOTIFIED', extra: 1 },
    });
  });

  it('fills the automation defaults', () => {
    const raw = JSON.stringify({ ...envelope, type: 'table.qa_check.completed', tableId: ID, passed: false });
    const parsed = parseLiveMessage(raw);
    expect(parsed.ok && parsed.event).toMatchObject({ passed: false, issues: [] });
  });

  it.each([
    ['not json', 'not JSON'],
    [JSON.stringify({ type: 'table.exploded' }), 'unknown event type "table.exploded"'],
    [JSON.stringify(null), 'unknown event type undefined'],
    [JSON.stringify({ ...envelope, type: 'task.created', taskId: 'nope' }), 'task.created: '],
  ])('refuses %s without throwing', (raw, reason) => {
    const parsed = parseLiveMessage(raw);
    expect(parsed.ok).toBe(false);
    if (!parsed.ok) expect(parsed.reason.startsWith(reason)).toBe(true);
  });
});
