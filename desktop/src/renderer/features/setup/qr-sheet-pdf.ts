// The printable table QR sheet (issue 25): a PDF of every table's check-in code with its number
// and the venue's name, six a page on A4 or Letter (shared/src/rules/qr-sheet.ts), the codes
// drawn by the qrcode library and the pages by jsPDF (loaded only when the sheet is made).
import {
  type EntranceQrAnswer,
  type QrSheetSize,
  qrSheetCell,
  SETUP_TEXTS,
  type TableQrCodes,
} from '@tablewise/shared';
import { toDataURL } from 'qrcode';

/** The sheet's PDF bytes. */
export async function qrSheetPdf(sheet: TableQrCodes, size: QrSheetSize): Promise<ArrayBuffer> {
  const { jsPDF } = await import('jspdf');
  const doc = new jsPDF({ unit: 'mm', format: size });
  for (const [index, code] of sheet.codes.entries()) {
    const cell = qrSheetCell(size, index);
    if (index > 0 && cell.page > qrSheetCell(size, index - 1).page) doc.addPage(size);
    // Medium error correction, a quiet zone of two modules: scans from a seat in dim light.
    const image = await toDataURL(code.url, { errorCorrectionLevel: 'M', margin: 2, width: 600 });
    doc.addImage(image, 'PNG', cell.x, cell.y, cell.size, cell.size);
    doc.setFont('helvetica', 'bold');
    doc.setFontSize(18);
    doc.text(SETUP_TEXTS.qrSheetTable(code.number), cell.captionX, cell.numberY, { align: 'center' });
    doc.setFont('helvetica', 'normal');
    doc.setFontSize(10);
    doc.text(`${sheet.venueName} · ${SETUP_TEXTS.qrSheetScan}`, cell.captionX, cell.venueY, { align: 'center' });
  }
  return doc.output('arraybuffer');
}

/**
 * The entrance's code (issue 27) as a one-page poster: one large code, what to do, and the venue's
 * name, for the door or the host stand. The same library and error correction as the sheet's.
 */
export async function entranceQrPdf(code: EntranceQrAnswer, size: QrSheetSize): Promise<ArrayBuffer> {
  const { jsPDF } = await import('jspdf');
  const doc = new jsPDF({ unit: 'mm', format: size });
  const width = doc.internal.pageSize.getWidth();
  const side = Math.min(140, width - 40);
  const x = (width - side) / 2;
  doc.setFont('helvetica', 'bold');
  doc.setFontSize(28);
  doc.text(SETUP_TEXTS.entranceCaption, width / 2, 40, { align: 'center' });
  const image = await toDataURL(code.url, { errorCorrectionLevel: 'M', margin: 2, width: 900 });
  doc.addImage(image, 'PNG', x, 52, side, side);
  doc.setFont('helvetica', 'normal');
  doc.setFontSize(14);
  doc.text(code.venueName, width / 2, 52 + side + 14, { align: 'center' });
  return doc.output('arraybuffer');
}
