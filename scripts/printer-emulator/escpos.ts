// An ESC/POS stream parser: splits bytes into commands, knowing the parameter length of every
// command it recognises so parameters never leak into the decoded text. Bytes can arrive split
// anywhere across TCP chunks, so parsing an incomplete command answers "need more" instead of
// guessing.

export type Align = 'left' | 'center' | 'right';

export type Command =
  | { kind: 'text'; bytes: Buffer }
  | { kind: 'lf' }
  | { kind: 'feed'; lines: number }
  | { kind: 'init' }
  | { kind: 'bold'; on: boolean }
  | { kind: 'align'; align: Align }
  /** ESC ! or GS !: character size; tall and wide are what the paper shows. */
  | { kind: 'size'; tall: boolean; wide: boolean }
  | { kind: 'codePage'; page: number }
  | { kind: 'cut' }
  /** DLE EOT n: a real-time status request. */
  | { kind: 'statusRequest'; n: number }
  /** GS r n: transmit status, processed in order with the data before it. */
  | { kind: 'transmitStatus'; n: number }
  /** GS ( k, QR code: store the symbol's data (fn 80), or print the stored symbol (fn 81). */
  | { kind: 'qrStore'; data: string }
  | { kind: 'qrPrint' }
  /** A command recognised and skipped with all its parameters (barcodes, images, beeps…). */
  | { kind: 'skip'; name: string };

export interface Parsed {
  command: Command;
  length: number;
}

const ESC = 0x1b;
const GS = 0x1d;
const DLE = 0x10;
const FS = 0x1c;

/** ESC commands with a fixed total length (including ESC and the command byte). */
const ESC_FIXED: Record<number, number> = {
  32: 3, // ESC SP n  right-side character spacing
  33: 3, // ESC ! n   print mode
  36: 4, // ESC $ nL nH absolute position
  37: 3, // ESC % n   user-defined characters on/off
  45: 3, // ESC - n   underline
  50: 2, // ESC 2     default line spacing
  51: 3, // ESC 3 n   line spacing
  60: 2, // ESC <     return home
  61: 3, // ESC = n   peripheral select
  63: 3, // ESC ? n   cancel user-defined character
  64: 2, // ESC @     initialise
  66: 4, // ESC B n t buzzer
  69: 3, // ESC E n   bold
  71: 3, // ESC G n   double strike
  74: 3, // ESC J n   feed n dots
  75: 3, // ESC K n   reverse feed (some models)
  76: 2, // ESC L     page mode
  77: 3, // ESC M n   font
  82: 3, // ESC R n   international character set
  83: 2, // ESC S     standard mode
  84: 3, // ESC T n   page mode direction
  85: 3, // ESC U n   unidirectional printing
  86: 3, // ESC V n   90° rotation
  87: 10, // ESC W xL xH yL yH dxL dxH dyL dyH  page mode area
  92: 4, // ESC \ nL nH relative position
  97: 3, // ESC a n   justification
  100: 3, // ESC d n   feed n lines
  101: 3, // ESC e n   reverse feed n lines
  105: 2, // ESC i     partial cut (legacy)
  109: 2, // ESC m     partial cut (legacy)
  112: 5, // ESC p m t1 t2 drawer kick
  114: 3, // ESC r n   colour
  116: 3, // ESC t n   code page
  117: 3, // ESC u n   peripheral status (legacy)
  118: 2, // ESC v     paper sensor status (legacy)
  123: 3, // ESC { n   upside down
};

/** GS commands with a fixed total length. */
const GS_FIXED: Record<number, number> = {
  33: 3, // GS ! n   character size
  35: 3, // GS # n   select NV bit image
  36: 4, // GS $ nL nH absolute vertical position
  47: 3, // GS / m   print downloaded bit image
  58: 2, // GS :     macro definition start/end
  66: 3, // GS B n   reverse (white on black)
  72: 3, // GS H n   HRI position
  73: 3, // GS I n   transmit printer ID
  76: 4, // GS L nL nH left margin
  80: 4, // GS P x y motion units
  84: 3, // GS T n   print position to line start
  87: 4, // GS W nL nH print area width
  92: 4, // GS \ nL nH relative vertical position
  94: 5, // GS ^ r t m execute macro
  97: 3, // GS a n   automatic status back
  98: 3, // GS b n   smoothing
  102: 3, // GS f n   HRI font
  104: 3, // GS h n   barcode height
  114: 3, // GS r n   transmit status
  119: 3, // GS w n   barcode width
};

function u16(buf: Buffer, at: number): number {
  return (buf[at] ?? 0) + (buf[at + 1] ?? 0) * 256;
}

function need(buf: Buffer, offset: number, length: number, command: Command): Parsed | null {
  return offset + length <= buf.length ? { command, length } : null;
}

function parseEsc(buf: Buffer, offset: number): Parsed | null {
  const op = buf[offset + 1];
  if (op === undefined) return null;
  const p = buf[offset + 2];
  switch (op) {
    case 0x40:
      return need(buf, offset, 2, { kind: 'init' });
    case 0x45:
      return p === undefined ? null : { command: { kind: 'bold', on: (p & 1) === 1 }, length: 3 };
    case 0x61: {
      if (p === undefined) return null;
      const n = p >= 0x30 ? p - 0x30 : p;
      const align: Align = n === 1 ? 'center' : n === 2 ? 'right' : 'left';
      return { command: { kind: 'align', align }, length: 3 };
    }
    case 0x21:
      return p === undefined
        ? null
        : { command: { kind: 'size', tall: (p & 0x10) !== 0, wide: (p & 0x20) !== 0 }, length: 3 };
    case 0x64:
      return p === undefined ? null : { command: { kind: 'feed', lines: p }, length: 3 };
    case 0x74:
      return p === undefined ? null : { command: { kind: 'codePage', page: p }, length: 3 };
    case 0x69:
    case 0x6d:
      return need(buf, offset, 2, { kind: 'cut' });
    case 0x44: {
      // ESC D n1 … nk NUL: tab stops, terminated by NUL.
      const end = buf.indexOf(0x00, offset + 2);
      return end < 0 ? null : { command: { kind: 'skip', name: 'ESC D' }, length: end - offset + 1 };
    }
    case 0x2a: {
      // ESC * m nL nH d…: bit image, 1 byte per column in 8-dot modes, 3 in 24-dot modes.
      if (offset + 5 > buf.length) return null;
      const m = buf[offset + 2] ?? 0;
      const columns = u16(buf, offset + 3);
      const perColumn = m === 32 || m === 33 ? 3 : 1;
      return need(buf, offset, 5 + columns * perColumn, { kind: 'skip', name: 'ESC *' });
    }
    case 0x26: {
      // ESC & y c1 c2 [x d…]…: user-defined characters.
      if (offset + 5 > buf.length) return null;
      const y = buf[offset + 2] ?? 0;
      const c1 = buf[offset + 3] ?? 0;
      const c2 = buf[offset + 4] ?? 0;
      let at = offset + 5;
      for (let c = c1; c <= c2; c++) {
        const x = buf[at];
        if (x === undefined) return null;
        at += 1 + y * x;
      }
      return need(buf, offset, at - offset, { kind: 'skip', name: 'ESC &' });
    }
    case 0x63: {
      // ESC c 3 n / ESC c 4 n / ESC c 5 n: panel and sensor settings.
      return need(buf, offset, 4, { kind: 'skip', name: 'ESC c' });
    }
    default: {
      const length = ESC_FIXED[op] ?? 2;
      return need(buf, offset, length, { kind: 'skip', name: `ESC 0x${op.toString(16)}` });
    }
  }
}

function parseGs(buf: Buffer, offset: number): Parsed | null {
  const op = buf[offset + 1];
  if (op === undefined) return null;
  const p = buf[offset + 2];
  switch (op) {
    case 0x21: {
      if (p === undefined) return null;
      // Bits 4-6 are the width multiplier, bits 0-2 the height multiplier.
      return { command: { kind: 'size', tall: (p & 0x07) !== 0, wide: (p & 0x70) !== 0 }, length: 3 };
    }
    case 0x56: {
      if (p === undefined) return null;
      // Function A (0, 1, 48, 49) has no further parameter; B, C, D (65, 66, 97, 98, 103, 104) have n.
      const withFeed = p === 65 || p === 66 || p === 97 || p === 98 || p === 103 || p === 104;
      return need(buf, offset, withFeed ? 4 : 3, { kind: 'cut' });
    }
    case 0x72:
      return p === undefined ? null : { command: { kind: 'transmitStatus', n: p }, length: 3 };
    case 0x28: {
      // GS ( fn pL pH d…: every GS ( function carries its own length.
      if (offset + 5 > buf.length) return null;
      const length = 5 + u16(buf, offset + 3);
      // GS ( k pL pH cn fn …: a QR code (cn 49) stores its data (fn 80, after m) or prints (fn 81).
      if (p === 0x6b && offset + length <= buf.length && buf[offset + 5] === 0x31) {
        const fn = buf[offset + 6];
        if (fn === 0x50) {
          const data = buf.subarray(offset + 8, offset + length).toString('latin1');
          return { command: { kind: 'qrStore', data }, length };
        }
        if (fn === 0x51) return { command: { kind: 'qrPrint' }, length };
      }
      return need(buf, offset, length, {
        kind: 'skip',
        name: `GS ( ${String.fromCharCode(p ?? 0x3f)}`,
      });
    }
    case 0x38: {
      // GS 8 L p1 p2 p3 p4 m fn …: large graphics, 32-bit length.
      if (offset + 7 > buf.length) return null;
      const length =
        (buf[offset + 3] ?? 0) +
        (buf[offset + 4] ?? 0) * 0x100 +
        (buf[offset + 5] ?? 0) * 0x10000 +
        (buf[offset + 6] ?? 0) * 0x1000000;
      return need(buf, offset, 7 + length, { kind: 'skip', name: 'GS 8' });
    }
    case 0x76: {
      // GS v 0 m xL xH yL yH d…: raster bit image.
      if (offset + 8 > buf.length) return null;
      return need(buf, offset, 8 + u16(buf, offset + 4) * u16(buf, offset + 6), { kind: 'skip', name: 'GS v 0' });
    }
    case 0x2a: {
      // GS * x y d…: downloaded bit image, x*y*8 bytes.
      if (offset + 4 > buf.length) return null;
      return need(buf, offset, 4 + (buf[offset + 2] ?? 0) * (buf[offset + 3] ?? 0) * 8, { kind: 'skip', name: 'GS *' });
    }
    case 0x6b: {
      // GS k m …: barcode; m 0-6 is NUL-terminated, m 65-79 carries a length byte.
      if (p === undefined) return null;
      if (p <= 6) {
        const end = buf.indexOf(0x00, offset + 3);
        return end < 0 ? null : { command: { kind: 'skip', name: 'GS k' }, length: end - offset + 1 };
      }
      const n = buf[offset + 3];
      return n === undefined ? null : need(buf, offset, 4 + n, { kind: 'skip', name: 'GS k' });
    }
    default: {
      const length = GS_FIXED[op] ?? 2;
      return need(buf, offset, length, { kind: 'skip', name: `GS 0x${op.toString(16)}` });
    }
  }
}

function parseDle(buf: Buffer, offset: number): Parsed | null {
  const op = buf[offset + 1];
  if (op === undefined) return null;
  const p = buf[offset + 2];
  switch (op) {
    case 0x04: {
      if (p === undefined) return null;
      // DLE EOT 7 a / DLE EOT 8 a take one more byte (ink status on some models).
      if (p === 7 || p === 8) return need(buf, offset, 4, { kind: 'skip', name: 'DLE EOT ext' });
      return { command: { kind: 'statusRequest', n: p }, length: 3 };
    }
    case 0x05:
      return need(buf, offset, 3, { kind: 'skip', name: 'DLE ENQ' });
    case 0x14: {
      // DLE DC4 fn …: fn 1 and 2 take 3 more bytes, fn 7 one, fn 8 seven.
      if (p === undefined) return null;
      const extra: Record<number, number> = { 1: 3, 2: 3, 3: 3, 7: 1, 8: 7 };
      return need(buf, offset, 3 + (extra[p] ?? 0), { kind: 'skip', name: 'DLE DC4' });
    }
    default:
      return need(buf, offset, 2, { kind: 'skip', name: `DLE 0x${op.toString(16)}` });
  }
}

function parseFs(buf: Buffer, offset: number): Parsed | null {
  const op = buf[offset + 1];
  if (op === undefined) return null;
  switch (op) {
    case 0x70: // FS p n m: print NV bit image
      return need(buf, offset, 4, { kind: 'skip', name: 'FS p' });
    case 0x21: // FS ! n: Kanji print mode
    case 0x2d: // FS - n: Kanji underline
    case 0x43: // FS C n: Kanji code system
      return need(buf, offset, 3, { kind: 'skip', name: 'FS' });
    case 0x28: {
      if (offset + 5 > buf.length) return null;
      return need(buf, offset, 5 + u16(buf, offset + 3), { kind: 'skip', name: 'FS (' });
    }
    default:
      return need(buf, offset, 2, { kind: 'skip', name: `FS 0x${op.toString(16)}` });
  }
}

/** The next command at `offset`, or null when the buffer ends inside it. */
export function parseCommand(buf: Buffer, offset: number): Parsed | null {
  const byte = buf[offset];
  if (byte === undefined) return null;
  switch (byte) {
    case ESC:
      return parseEsc(buf, offset);
    case GS:
      return parseGs(buf, offset);
    case DLE:
      return parseDle(buf, offset);
    case FS:
      return parseFs(buf, offset);
    case 0x0a:
      return { command: { kind: 'lf' }, length: 1 };
    case 0x09:
      return { command: { kind: 'text', bytes: Buffer.from(' ') }, length: 1 };
    case 0x0c:
      return { command: { kind: 'lf' }, length: 1 };
    default:
      break;
  }
  if (byte < 0x20 || byte === 0x7f) return { command: { kind: 'skip', name: `0x${byte.toString(16)}` }, length: 1 };
  let end = offset;
  while (end < buf.length) {
    const b = buf[end] as number;
    if (b < 0x20 || b === 0x7f) break;
    end++;
  }
  return { command: { kind: 'text', bytes: buf.subarray(offset, end) }, length: end - offset };
}

// Code page 437, 0x80-0xFF: the Epson default page, the one node-thermal-printer starts in.
const CP437_HIGH =
  'ÇüéâäàåçêëèïîìÄÅÉæÆôöòûùÿÖÜ¢£¥₧ƒáíóúñÑªº¿⌐¬½¼¡«»░▒▓│┤╡╢╖╕╣║╗╝╜╛┐└┴┬├─┼╞╟╚╔╩╦╠═╬╧╨╤╥╙╘╒╓╫╪┘┌█▄▌▐▀αßΓπΣσµτΦΘΩδ∞φε∩≡±≥≤⌠⌡÷≈°∙·√ⁿ²■\u00a0';

const windows1252 = new TextDecoder('windows-1252');

/** Text bytes as characters under the active ESC t code page. */
export function decodeText(bytes: Buffer, codePage: number): string {
  let out = '';
  for (const b of bytes) {
    if (b < 0x80) out += String.fromCharCode(b);
    else if (codePage === 0) out += CP437_HIGH[b - 0x80] ?? '?';
    else if (codePage === 16) out += windows1252.decode(Uint8Array.of(b));
    else out += String.fromCharCode(b);
  }
  return out;
}
