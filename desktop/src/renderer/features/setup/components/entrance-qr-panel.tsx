// The venue's entrance QR code (issue 27, probe finding 1): shown, downloaded as a one-page PDF to
// print for the door, and replaced when a copy has got out (the old one then checks nobody in).
import { defaultQrSheetSize, SETUP_TEXTS } from '@tablewise/shared';
import { useState } from 'react';
import { toastMessage } from '../../../app/api-client.js';
import { useQrImage } from '../../../components/use-qr-image.js';
import { useEntranceQr, useRotateEntranceQr } from '../api/get-setup-checklist.js';
import { entranceQrPdf } from '../qr-sheet-pdf.js';

export function EntranceQrPanel() {
  const code = useEntranceQr();
  const rotate = useRotateEntranceQr();
  const image = useQrImage(code.data?.url);
  const [confirming, setConfirming] = useState(false);
  const [making, setMaking] = useState(false);
  const [status, setStatus] = useState<{ text: string; problem: boolean } | null>(null);

  const download = async () => {
    if (!code.data) return;
    setMaking(true);
    try {
      const bytes = await entranceQrPdf(code.data, defaultQrSheetSize(code.data.timezone));
      const href = URL.createObjectURL(new Blob([bytes], { type: 'application/pdf' }));
      const link = document.createElement('a');
      link.href = href;
      link.download = SETUP_TEXTS.entranceFile;
      link.click();
      setTimeout(() => URL.revokeObjectURL(href), 60_000);
      setStatus({ text: SETUP_TEXTS.entranceReady, problem: false });
    } catch (error) {
      setStatus({ text: error instanceof Error ? error.message : String(error), problem: true });
    } finally {
      setMaking(false);
    }
  };

  const replace = () => {
    setConfirming(false);
    rotate.mutate(undefined, {
      onSuccess: () => setStatus({ text: SETUP_TEXTS.entranceRotated, problem: false }),
      onError: (error) => setStatus({ text: toastMessage(error, SETUP_TEXTS.entranceRotate), problem: true }),
    });
  };

  return (
    <section className="card entrance-qr" aria-labelledby="entrance-qr-title" data-testid="entrance-qr">
      <h2 id="entrance-qr-title">{SETUP_TEXTS.entranceTitle}</h2>
      <p className="muted">{SETUP_TEXTS.entranceDetail}</p>
      {code.isError && (
        <p className="form-error" role="alert">
          {toastMessage(code.error, SETUP_TEXTS.entranceTitle)}
        </p>
      )}
      {image && (
        <img
          className="entrance-qr-image"
          src={image}
          alt={SETUP_TEXTS.entranceImageAlt}
          data-testid="entrance-qr-image"
          data-url={code.data?.url}
          width={200}
          height={200}
        />
      )}
      <div className="entrance-qr-actions">
        <button
          type="button"
          className="button primary"
          disabled={!code.data || making}
          onClick={() => void download()}
          data-testid="entrance-qr-download"
        >
          {making ? SETUP_TEXTS.entranceMaking : SETUP_TEXTS.entranceDownload}
        </button>
        {confirming ? (
          <span className="entrance-qr-confirm">
            <span>{SETUP_TEXTS.entranceRotateConfirm}</span>
            <button type="button" className="button danger" onClick={replace} data-testid="entrance-qr-rotate-yes">
              {SETUP_TEXTS.entranceRotateYes}
            </button>
            <button type="button" className="button" onClick={() => setConfirming(false)}>
              {SETUP_TEXTS.entranceRotateNo}
            </button>
          </span>
        ) : (
          <button
            type="button"
            className="button"
            disabled={!code.data || rotate.isPending}
            onClick={() => setConfirming(true)}
            data-testid="entrance-qr-rotate"
          >
            {rotate.isPending ? SETUP_TEXTS.entranceRotating : SETUP_TEXTS.entranceRotate}
          </button>
        )}
      </div>
      {status && (
        <p className={status.problem ? 'form-error' : 'muted'} role="status" data-testid="entrance-qr-status">
          {status.text}
        </p>
      )}
    </section>
  );
}
