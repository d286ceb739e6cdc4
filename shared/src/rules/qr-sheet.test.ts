import { describe, expect, it } from 'vitest';
import { defaultQrSheetSize, QR_SHEET_PER_PAGE, QR_SHEET_SIZES, qrSheetCell, qrSheetPage } from './qr-sheet.js';

describe('the table QR sheet', () => {
  it('puts six codes a page, each whole on its page and clear of the others', () => {
    for (const size of QR_SHEET_SIZES) {
      const page = qrSheetPage(size);
      const cells = Array.from({ length: 13 }, (_, i) => qrSheetCell(size, i));
      expect(cells.map((c) => c.page)).toEqual([0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 1, 1, 2]);
      for (const c of cells) {
        expect(c.x).toBeGreaterThanOrEqual(5);
        expect(c.x + c.size).toBeLessThanOrEqual(page.width - 5);
        expect(c.venueY).toBeLessThanOrEqual(page.height - 5);
      }
      for (let a = 0; a < QR_SHEET_PER_PAGE; a++) {
        for (let b = a + 1; b < QR_SHEET_PER_PAGE; b++) {
          const [p, q] = [cells[a], cells[b]] as [ReturnType<typeof qrSheetCell>, ReturnType<typeof qrSheetCell>];
          const apart = p.x + p.size <= q.x || q.x + q.size <= p.x || p.venueY <= q.y || q.venueY <= p.y;
          expect(apart, `${size} cells ${a} and ${b}`).toBe(true);
        }
      }
    }
  });

  it('defaults to Letter in the Americas and A4 elsewhere', () => {
    expect(defaultQrSheetSize('America/New_York')).toBe('letter');
    expect(defaultQrSheetSize('Europe/Rome')).toBe('a4');
    expect(defaultQrSheetSize('UTC')).toBe('a4');
  });
});
