import { describe, expect, it } from 'vitest';
import { isTimeZone, ticketTimeFormat, venueClock, venueDayLabel, venueDayStart } from './time-zone.js';

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

describe('venueClock', () => {
  const at = new Date('2026-01-15T00:42:00Z');
  it("shows the venue's time, not the device's, labelled only where the device keeps another clock", () => {
    expect(venueClock(at, 'America/New_York', 'America/New_York')).toBe('7:42 PM');
    expect(venueClock(at, 'America/New_York', 'Europe/Berlin')).toBe('7:42 PM EST');
    expect(venueClock(at, 'America/New_York', 'America/New_York', { withDate: true })).toBe('Jan 14, 7:42 PM');
    // London keeps UTC's clock in January: nothing to tell apart.
    expect(venueClock(at, 'Europe/London', 'UTC')).toBe('12:42 AM');
  });

  it('falls back to UTC for an unknown venue zone, and says so', () => {
    expect(venueClock(at, 'Mars/Olympus', 'UTC')).toBe('12:42 AM UTC');
  });
});

describe("the venue's day", () => {
  it('names a venue date as staff read it, whatever the zone of the device', () => {
    expect(venueDayLabel('2026-11-28')).toBe('Sat, Nov 28');
  });

  it("starts the day at the venue's midnight, not the device's", () => {
    // 00:30 in Tokyo on Nov 29 is still Nov 28 in New York.
    const at = new Date('2026-11-28T15:30:00Z');
    expect(venueDayStart(at, 'Asia/Tokyo').toISOString()).toBe('2026-11-28T15:00:00.000Z');
    expect(venueDayStart(at, 'America/New_York').toISOString()).toBe('2026-11-28T05:00:00.000Z');
    expect(venueDayStart(at, 'Mars/Olympus').toISOString()).toBe('2026-11-28T00:00:00.000Z');
  });
});
