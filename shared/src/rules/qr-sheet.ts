// The printable table QR sheet (issue 25): where each table's code goes on A4 or Letter paper.
// Six a page (two columns, three rows), each cell a 70 mm code with the table's number under it
// and the venue's name, big enough to scan from a seat. In millimetres, from the page's top left.

export const QR_SHEET_SIZES = ['a4', 'letter'] as const;
export type QrSheetSize = (typeof QR_SHEET_SIZES)[number];

const PAGES: Record<QrSheetSize, { width: number; height: number }> = {
  a4: { width: 210, height: 297 },
  letter: { width: 215.9, height: 279.4 },
};

/** @internal exported for its tests */
export const QR_SHEET_PER_PAGE = 6;
const COLUMNS = 2;
const CODE_MM = 70;

export interface QrSheetCell {
  page: number;
  /** The code's square. */
  x: number;
  y: number;
  size: number;
  /** The centre of the captions under it. */
  captionX: number;
  numberY: number;
  venueY: number;
}

/** Letter in the Americas (by the venue's time zone), A4 everywhere else. */
export function defaultQrSheetSize(timezone: string): QrSheetSize {
  return timezone.startsWith('America/') ? 'letter' : 'a4';
}

/** @internal exported for its tests */
export function qrSheetPage(size: QrSheetSize): { width: number; height: number } {
  return PAGES[size];
}

/** The cell of the `index`th code (0-based). */
export function qrSheetCell(size: QrSheetSize, index: number): QrSheetCell {
  const { width, height } = PAGES[size];
  const page = Math.floor(index / QR_SHEET_PER_PAGE);
  const slot = index % QR_SHEET_PER_PAGE;
  const column = slot % COLUMNS;
  const row = Math.floor(slot / COLUMNS);
  const cellWidth = width / COLUMNS;
  const cellHeight = (height - 20) / (QR_SHEET_PER_PAGE / COLUMNS);
  const captionX = cellWidth * column + cellWidth / 2;
  const y = 10 + cellHeight * row + 4;
  return {
    page,
    x: captionX - CODE_MM / 2,
    y,
    size: CODE_MM,
    captionX,
    numberY: y + CODE_MM + 8,
    venueY: y + CODE_MM + 14,
  };
}
