import { describe, expect, it } from 'vitest';
import { acceptableRequestId, LOG_CENSOR, logLevelFrom, redactLogFields, scrubLogText } from './logging.js';

describe('redactLogFields', () => {
  it('hides secret and personal fields by name, in any case, in objects and arrays', () => {
    const line = {
      headers: { Cookie: 'tw_staff=1', Authorization: 'Terminal x', accept: 'json' },
      parties: [{ guestName: 'Ann', phone: '+1 415 555 0101', size: 2 }],
      body: { nested: { deeper: { email: 'a@b.co' } } },
      password: 'pw',
    };
    expect(redactLogFields(line)).toEqual({
      headers: { Cookie: LOG_CENSOR, Authorization: LOG_CENSOR, accept: 'json' },
      parties: [{ guestName: LOG_CENSOR, phone: LOG_CENSOR, size: 2 }],
      body: { nested: { deeper: { email: LOG_CENSOR } } },
      password: LOG_CENSOR,
    });
    // The caller's object is left as it was.
    expect(line.password).toBe('pw');
  });

  it('returns the very object when there is nothing to hide, and leaves buffers, dates and errors alone', () => {
    const line = { method: 'GET', at: new Date(0), bytes: Buffer.from('phone'), err: new Error('x') };
    expect(redactLogFields(line)).toBe(line);
  });
});

describe('scrubLogText', () => {
  it.each([
    ['mail ann.lee+1@example.org now', 'mail [email] now'],
    ['call +44 20 7946 0958', 'call [phone]'],
    ['call (415) 555-0123 or 415.555.0123', 'call [phone] or [phone]'],
    ['Cookie: tw_staff=abc.def; Path=/', `Cookie: ${LOG_CENSOR}; Path=/`],
    [
      'seq 1234567890, id 5b9f0c4e-1234-4567-8901-123456789012',
      'seq 1234567890, id 5b9f0c4e-1234-4567-8901-123456789012',
    ],
    ['at 2026-11-29T13:57:16.000Z', 'at 2026-11-29T13:57:16.000Z'],
  ])('%s', (text, scrubbed) => {
    expect(scrubLogText(text)).toBe(scrubbed);
  });
});

describe('request ids and levels', () => {
  it('keeps a sane caller-chosen id only', () => {
    expect(acceptableRequestId('push-8c1f')).toBe(true);
    expect(acceptableRequestId('a b')).toBe(false);
    expect(acceptableRequestId('x'.repeat(65))).toBe(false);
    expect(acceptableRequestId(undefined)).toBe(false);
  });

  it('reads LOG_LEVEL, is silent under vitest by default, and refuses a typo', () => {
    expect(logLevelFrom({ LOG_LEVEL: 'WARN' })).toBe('warn');
    expect(logLevelFrom({})).toBe('info');
    expect(logLevelFrom({ VITEST: 'true' })).toBe('silent');
    expect(() => logLevelFrom({ LOG_LEVEL: 'verbose' })).toThrow(/LOG_LEVEL must be one of/);
  });
});
