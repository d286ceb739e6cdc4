import { describe, expect, it } from 'vitest';
import { MESSAGES } from '../messages.js';
import {
  activeQueue,
  guestEstimatedWaitMinutes,
  guestWaitProgress,
  nextToNotify,
  positionProgressFloor,
  quotedWait,
  waitlistBand,
  waitlistBandMessage,
  waitlistTransition,
} from './waitlist.js';

describe('quoted wait and estimate', () => {
  it.each([
    [1, 15, 25],
    [2, 20, 30],
    [3, 25, 35],
    [9, 55, 65],
  ])('position %i: %i to %i minutes, estimate %i', (position, min, max) => {
    expect(quotedWait(position)).toEqual({ min, max });
    expect(guestEstimatedWaitMinutes(position)).toBe(min);
  });

  it.each([0, -1, 1.5])('refuses position %s', (p) => {
    expect(() => quotedWait(p)).toThrow(/position/);
  });
});

describe('guest progress', () => {
  const joinedAt = new Date('2025-03-10T18:00:00Z');
  const at = (minutes: number) => new Date(joinedAt.getTime() + minutes * 60_000);

  it.each([
    [1, 85],
    [2, 50],
    [3, 40],
    [4, 30],
    [5, 20],
    [9, 20],
  ])('position floor at %i is %i', (position, floor) => expect(positionProgressFloor(position)).toBe(floor));

  it.each([
    ['READY', 9, 0, 100],
    ['NOTIFIED', 9, 0, 90],
    ['WAITING', 1, 0, 85], // floor
    ['WAITING', 3, 0, 40], // floor
    ['WAITING', 3, 20, 64], // 20 of 25 minutes → 64
    ['WAITING', 3, 25, 80], // capped at 80
    ['WAITING', 3, 90, 80],
    ['WAITING', 9, 5, 20], // 5 of 55 → 7.3, floor 20
  ])('%s at position %i after %i min: %i', (status, position, minutes, progress) => {
    const estimatedWaitMinutes = guestEstimatedWaitMinutes(position);
    expect(guestWaitProgress({ status, position, joinedAt, estimatedWaitMinutes }, at(minutes))).toBe(progress);
  });
});

describe('message bands', () => {
  it.each([
    [1, 'first', MESSAGES.waitlistFirst],
    [2, 'soon', MESSAGES.waitlistSoon],
    [3, 'soon', MESSAGES.waitlistSoon],
    [4, 'later', MESSAGES.waitlistLater],
    [9, 'later', MESSAGES.waitlistLater],
  ])('position %i is %s', (position, band, message) => {
    expect(waitlistBand(position)).toBe(band);
    expect(waitlistBandMessage(position)).toBe(message);
  });
});

describe('host moves and queue', () => {
  it('Seat sets SEATED, Remove sets CANCELLED, only while in line', () => {
    expect(waitlistTransition('WAITING', 'seat')).toEqual({ ok: true, to: 'SEATED' });
    expect(waitlistTransition('NOTIFIED', 'remove')).toEqual({ ok: true, to: 'CANCELLED' });
    expect(waitlistTransition('WAITING', 'notify')).toEqual({ ok: true, to: 'NOTIFIED' });
    expect(waitlistTransition('SEATED', 'remove')).toEqual({
      ok: false,
      reason: MESSAGES.waitlistTransitionRefused('SEATED', 'CANCELLED'),
    });
    expect(waitlistTransition('CANCELLED', 'seat').ok).toBe(false);
    // The Undo of a Remove, and only of a Remove.
    expect(waitlistTransition('CANCELLED', 'restore')).toEqual({ ok: true, to: 'WAITING' });
    expect(waitlistTransition('SEATED', 'restore').ok).toBe(false);
  });

  it('the queue is in position order; the next to notify is the first still waiting', () => {
    const entries = [
      { id: 'c', status: 'WAITING', position: 3 },
      { id: 'x', status: 'SEATED', position: 1 },
      { id: 'a', status: 'NOTIFIED', position: 2 },
      { id: 'd', status: 'CANCELLED', position: 4 },
      { id: 'b', status: 'WAITING', position: 5 },
    ];
    expect(activeQueue(entries).map((e) => e.id)).toEqual(['a', 'c', 'b']);
    expect(nextToNotify(entries)?.id).toBe('c');
    expect(nextToNotify([])).toBeNull();
  });
});
