import { SETUP_TEXTS } from '@tablewise/shared';
import { describe, expect, it } from 'vitest';
import { entranceQrPdf, qrSheetPdf } from './qr-sheet-pdf.js';

const sheet = (count: number) => ({
  venueName: 'Rossi Trastevere',
  timezone: 'Europe/Rome',
  codes: Array.from({ length: count }, (_, i) => ({
    tableId: `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`,
    number: String(i + 1),
    name: `Table ${i + 1}`,
    url: `https://example.test/guest/checkin?tableId=${i}&token=t${i}`,
  })),
});

describe('the table QR sheet PDF', () => {
  it('has a page for every six tables, each code with its number, on the paper chosen', async () => {
    const a4 = Buffer.from(await qrSheetPdf(sheet(7), 'a4')).toString('latin1');
    expect(a4.match(/\/Type \/Page\b/g)).toHaveLength(2);
    expect(a4.match(/\/Subtype \/Image/g)).toHaveLength(7);
    for (let n = 1; n <= 7; n++) expect(a4).toContain(`(${SETUP_TEXTS.qrSheetTable(String(n))})`);
    // A4 is 595.28 × 841.89 points, Letter 612 × 792.
    expect(a4).toMatch(/\/MediaBox \[0 0 595\.2\d+ 841\.8\d+\]/);
    const letter = Buffer.from(await qrSheetPdf(sheet(6), 'letter')).toString('latin1');
    expect(letter.match(/\/Type \/Page\b/g)).toHaveLength(1);
    expect(letter).toMatch(/\/MediaBox \[0 0 612\.?0* 792\.?0*\]/);
  });
});

describe('the entrance QR poster PDF', () => {
  it('is one page with one code, what to do, and the venue name', async () => {
    const code = {
      url: 'https://example.test/guest/checkin?venueId=v&token=entrance',
      token: 'entrance',
      venueName: 'Rossi Trastevere',
      timezone: 'Europe/Rome',
    };
    const pdf = Buffer.from(await entranceQrPdf(code, 'a4')).toString('latin1');
    expect(pdf.match(/\/Type \/Page\b/g)).toHaveLength(1);
    expect(pdf.match(/\/Subtype \/Image/g)).toHaveLength(1);
    expect(pdf).toContain(`(${SETUP_TEXTS.entranceCaption})`);
    expect(pdf).toContain('(Rossi Trastevere)');
  });
});
