import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { paperText } from './paper-text.js';

describe('paperText', () => {
  it.each([
    ['ESC p opens the drawer', 'no onions\u001bp\u0000\u0019\u00fa', 'no onionspú'],
    ['GS V cuts, GS r answers a status', 'cut\u001dV\u0000 here\u001dr\u0001', 'cutV herer'],
    ['DLE EOT asks the status', 'x\u0010\u0004\u0001y', 'xy'],
    ['C1 controls and DEL', 'a\u0085b\u009bc\u007fd', 'abcd'],
    ['newlines and tabs join the line', 'line one\r\nline\ttwo', 'line one line two'],
    ['bidi overrides and zero-width joiners', 'ab\u202ecd\u200def', 'abcdef'],
    [
      'CP437 has these',
      'Crème brûlée, jalapeño, Smörgås, ½ portion, 90°',
      'Crème brûlée, jalapeño, Smörgås, ½ portion, 90°',
    ],
    ['spelled out', 'Œufs — 2 € “extra”… it’s', 'OEufs - 2 EUR "extra"... it\'s'],
    ['decomposed to letters CP437 has', 'Łódź Ćevapi Ş ő', 'Lódz Cevapi S o'],
    ['nothing printable to say', '🍔 寿司', '? ??'],
  ])('%s', (_, raw, printed) => {
    expect(paperText(raw)).toBe(printed);
  });

  it('never lets a control byte through, whatever the text', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary', maxLength: 200 }), (raw) => {
        const printed = paperText(raw);
        const controls = [...printed].filter(
          (c) => c.charCodeAt(0) < 0x20 || (c.charCodeAt(0) >= 0x7f && c.charCodeAt(0) <= 0x9f),
        );
        expect(controls).toEqual([]);
        expect(paperText(printed)).toBe(printed);
      }),
      { numRuns: 2000 },
    );
  });
});
