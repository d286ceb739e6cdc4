// A fake camera for Chromium (--use-file-for-fake-video-capture): a Y4M file whose frames show a
// QR code drawn with the qrcode package, black modules on white with a quiet zone, in 4:2:0 grey.
// The code takes the middle half of the picture: qr-scanner looks in the middle two thirds, as a
// guest holds a phone over a code. It lives with the desktop's test helpers because qrcode is the
// desktop's dependency (it draws the table QR codes staff print); the guest e2e spec uses it.
import { writeFileSync } from 'node:fs';
import QRCode from 'qrcode';

export function writeQrVideo(file: string, text: string, size = 640, frames = 10): void {
  const qr = QRCode.create(text, { errorCorrectionLevel: 'M' });
  const modules = qr.modules.size;
  const cell = Math.floor(size / 2 / modules);
  const offset = Math.floor((size - cell * modules) / 2);
  const luma = Buffer.alloc(size * size, 235);
  for (let y = 0; y < modules * cell; y++) {
    for (let x = 0; x < modules * cell; x++) {
      if (qr.modules.get(Math.floor(y / cell), Math.floor(x / cell))) luma[(offset + y) * size + offset + x] = 16;
    }
  }
  const chroma = Buffer.alloc((size / 2) * (size / 2) * 2, 128);
  const frame = Buffer.concat([Buffer.from('FRAME\n'), luma, chroma]);
  const header = Buffer.from(`YUV4MPEG2 W${size} H${size} F10:1 Ip A1:1 C420jpeg\n`);
  writeFileSync(file, Buffer.concat([header, ...Array.from({ length: frames }, () => frame)]));
}
