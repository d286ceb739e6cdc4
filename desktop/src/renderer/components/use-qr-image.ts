// The QR image of a link, drawn by the qrcode library: the table and exit codes in Quick Actions and
// the entrance code on the setup checklist.
import { toDataURL } from 'qrcode';
import { useEffect, useState } from 'react';

export function useQrImage(url: string | undefined): string | null {
  const [image, setImage] = useState<string | null>(null);
  useEffect(() => {
    setImage(null);
    if (!url) return;
    let live = true;
    void toDataURL(url, { errorCorrectionLevel: 'M', margin: 2, width: 320 }).then((data) => {
      if (live) setImage(data);
    });
    return () => {
      live = false;
    };
  }, [url]);
  return image;
}
