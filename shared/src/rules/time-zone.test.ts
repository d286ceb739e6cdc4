import { describe, expect, it } from 'vitest';
import { isTimeZone, ticketTimeFormat } from './time-zone.js';

describe('time zones', () => {
  it('knows IANA zones and UTC, and refuses anything else', () => {
    expect(isTimeZone('Europe/Paris')).toBe(true);
    expect(isTimeZone('UTC')).toBe(true);
    expect(isTimeZone('Mars/Olympus_Mons')).toBe(false);
    expect(isTimeZone('')).toBe(false);
  });

  it("formats in the zone's own clock, with one formatter per zone", () => {
    const at = new Date('2026-06-14T23:42:00Z');
    expect(ticketTimeFormat('America/New_York')?.format(at)).toBe('Jun 14, 7:42 PM');
    expect(ticketTimeFormat('Asia/Tokyo')?.format(at)).toBe('Jun 15, 8:42 AM');
    expect(ticketTimeFormat('Asia/Tokyo')).toBe(ticketTimeFormat('Asia/Tokyo'));
  });

  it('answers the same once many unknown names have filled its memory', () => {
    for (let i = 0; i < 200; i += 1) expect(isTimeZone(`Nowhere/Place_${i}`)).toBe(false);
    expect(isTimeZone('Europe/Paris')).toBe(true);
    expect(ticketTimeFormat('America/New_York')?.format(new Date('2026-06-14T23:42:00Z'))).toBe('Jun 14, 7:42 PM');
  });
});
