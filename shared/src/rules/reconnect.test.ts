import { describe, expect, it } from 'vitest';
import { reconnectDelayMs, shouldReconnect } from './reconnect.js';

describe('live reconnect: 1000 ms doubling, 5 attempts', () => {
  it.each([
    [1, 1000],
    [2, 2000],
    [3, 4000],
    [4, 8000],
    [5, 16000],
    [6, null],
    [0, null],
    [1.5, null],
  ])('attempt %s waits %s', (attempt, delay) => expect(reconnectDelayMs(attempt)).toBe(delay));

  it('a clean close (1000) does not reconnect; others do', () => {
    expect(shouldReconnect(1000)).toBe(false);
    expect(shouldReconnect(1006)).toBe(true);
    expect(shouldReconnect(1001)).toBe(true);
  });
});
