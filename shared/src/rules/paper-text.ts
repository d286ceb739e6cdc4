// Every text that reaches a receipt printer passes here once: a guest's note, a dish's name, a
// modifier, a table's name, a test print. Control bytes are removed, because ESC/POS commands are
// control bytes (ESC p opens the cash drawer, GS V cuts, GS r and DLE EOT would fake or spoil the
// printer's answers). Characters the printer's code page (CP437, the one the terminal selects)
// lacks are written in letters it has, so "Crème brûlée — 2 € extra" prints as words, not "?".

/** The upper half of code page 437, in byte order 0x80–0xFF. */
const CP437_HIGH =
  'ÇüéâäàåçêëèïîìÄÅÉæÆôöòûùÿÖÜ¢£¥₧ƒáíóúñÑªº¿⌐¬½¼¡«»░▒▓│┤╡╢╖╕╣║╗╝╜╛┐└┴┬├─┼╞╟╚╔╩╦╠═╬╧╨╤╥╙╘╒╓╫╪┘┌█▄▌▐▀αßΓπΣσµτΦΘΩδ∞φε∩≡±≥≤⌠⌡÷≈°∙·√ⁿ²■\u00a0';

const PRINTABLE: ReadonlySet<string> = new Set([
  ...Array.from({ length: 0x7f - 0x20 }, (_, i) => String.fromCharCode(0x20 + i)),
  ...CP437_HIGH,
]);

/** Letters CP437 lacks and Unicode decomposition does not reduce to ones it has. */
const SPELLED: Readonly<Record<string, string>> = {
  '‘': "'",
  '’': "'",
  '‚': "'",
  '′': "'",
  '“': '"',
  '”': '"',
  '„': '"',
  '″': '"',
  '–': '-',
  '—': '-',
  '‐': '-',
  '−': '-',
  '…': '...',
  '•': '*',
  '€': 'EUR',
  '™': 'TM',
  '©': '(c)',
  '®': '(R)',
  '×': 'x',
  œ: 'oe',
  Œ: 'OE',
  ø: 'o',
  Ø: 'O',
  ł: 'l',
  Ł: 'L',
  đ: 'd',
  Đ: 'D',
  ð: 'd',
  þ: 'th',
  Þ: 'Th',
};

/** Control and invisible formatting characters: nothing of them belongs on paper. */
const INVISIBLE = /[\p{Cc}\p{Cf}\p{Zl}\p{Zp}]/u;

/** A text as a receipt printer should get it: one line, printable in CP437, no control bytes. */
export function paperText(value: string): string {
  let out = '';
  for (const ch of value.replace(/[\t\r\n\v\f\u2028\u2029]+/g, ' ')) {
    if (PRINTABLE.has(ch)) out += ch;
    else if (INVISIBLE.test(ch)) continue;
    else if (SPELLED[ch] !== undefined) out += SPELLED[ch];
    else {
      const base = ch.normalize('NFKD').replace(/\p{M}/gu, '');
      out += base !== '' && [...base].every((c) => PRINTABLE.has(c)) ? base : '?';
    }
  }
  return out;
}
