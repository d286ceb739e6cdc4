import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import QRCode from 'qrcode';
import { afterAll, describe, expect, it } from 'vitest';
import { writeQrVideo } from './fake-camera.js';

const dir = mkdtempSync(join(tmpdir(), 'fake-camera-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('the fake camera video', () => {
  it('is a 4:2:0 Y4M whose frames draw every module of the code, dark on light, in the middle', () => {
    const file = join(dir, 'qr.y4m');
    const text = 'https://dine.example/guest/checkin?token=abc';
    writeQrVideo(file, text, 320, 3);
    const bytes = readFileSync(file);
    const header = 'YUV4MPEG2 W320 H320 F10:1 Ip A1:1 C420jpeg\n';
    expect(bytes.subarray(0, header.length).toString()).toBe(header);
    const frameBytes = 'FRAME\n'.length + 320 * 320 + 2 * 160 * 160;
    expect(bytes.length).toBe(header.length + 3 * frameBytes);

    const luma = bytes.subarray(header.length + 'FRAME\n'.length, header.length + 'FRAME\n'.length + 320 * 320);
    const qr = QRCode.create(text, { errorCorrectionLevel: 'M' });
    const size = qr.modules.size;
    const cell = Math.floor(160 / size);
    const offset = Math.floor((320 - cell * size) / 2);
    for (let row = 0; row < size; row++) {
      for (let col = 0; col < size; col++) {
        const y = offset + row * cell + Math.floor(cell / 2);
        const x = offset + col * cell + Math.floor(cell / 2);
        expect(luma[y * 320 + x], `module ${row},${col}`).toBe(qr.modules.get(row, col) ? 16 : 235);
      }
    }
    expect(luma[0]).toBe(235);
  });
});
