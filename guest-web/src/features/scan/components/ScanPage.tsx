// QR scan (spec 3 section 2). The link inside a QR code lands here with its token; the token is
// verified with the cloud and the guest moves on to check-in. There is no camera scanning yet:
// phones open the link with their own camera app.
import { GUEST_TEXTS, isSafeRedirect, MESSAGES, type QrContext, type ScanAnswer, withQuery } from '@tablewise/shared';
import { useEffect, useRef, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { failureText } from '../../../app/api-client.js';
import { remove, STORAGE_KEYS, storeSessionId, writeJson, writeRaw } from '../../../app/storage.js';
import { useToast } from '../../../app/toast.js';
import { useScanEntrance } from '../api/scan-entrance.js';
import { useScanTable } from '../api/scan-table.js';

export type ScanMode = 'entrance' | 'table';

export function ScanPage({ mode }: { mode: ScanMode }) {
  const [params] = useSearchParams();
  const token = params.get('token');
  const expectedTableId = params.get('tableId') ?? undefined;
  const navigate = useNavigate();
  const toast = useToast();
  const scanTable = useScanTable();
  const scanEntrance = useScanEntrance();
  const [problem, setProblem] = useState<string | null>(null);
  // StrictMode runs effects twice in development; a token must be submitted once.
  const submitted = useRef<string | null>(null);

  useEffect(() => {
    if (!token || submitted.current === token) return;
    submitted.current = token;
    setProblem(null);
    const fail = (message: string) => {
      setProblem(message);
      toast({ title: MESSAGES.qrCodeErrorTitle, description: message, variant: 'destructive' });
    };
    const onAnswer = (answer: ScanAnswer) => {
      if (!answer.success) {
        fail(answer.error ?? MESSAGES.qrProcessingFailed);
        return;
      }
      const context: QrContext = { tableId: answer.tableId, venueId: answer.venueId, token };
      writeJson(STORAGE_KEYS.qrContext, context);
      writeRaw(STORAGE_KEYS.qrToken, token);
      if (answer.sessionId) storeSessionId(answer.sessionId);
      if (mode === 'table') {
        navigate(withQuery('/guest/checkin', { tableId: answer.tableId, venueId: answer.venueId, token }));
      } else if (answer.redirectUrl && isSafeRedirect(answer.redirectUrl)) {
        navigate(answer.redirectUrl);
      } else {
        navigate(withQuery('/guest/checkin', { tableId: answer.tableId, venueId: answer.venueId, token }));
      }
    };
    const onError = (error: unknown) => fail(failureText(error, MESSAGES.qrProcessingFailed));
    if (mode === 'table') {
      // A new table scan replaces the old table; if it fails, check-in must not fall back to it.
      remove(STORAGE_KEYS.qrContext);
      scanTable.mutate({ qrData: token, expectedTableId }, { onSuccess: onAnswer, onError });
    } else {
      scanEntrance.mutate({ qrData: token }, { onSuccess: onAnswer, onError });
    }
  }, [token, expectedTableId, mode, navigate, toast, scanTable.mutate, scanEntrance.mutate]);

  const pending = scanTable.isPending || scanEntrance.isPending;
  return (
    <main className="page page-center" data-testid={`scan-${mode}`}>
      <h1>{mode === 'table' ? GUEST_TEXTS.scanTableTitle : GUEST_TEXTS.scanEntranceTitle}</h1>
      {pending ? (
        <p role="status">{GUEST_TEXTS.scanVerifying}</p>
      ) : problem ? (
        <p className="error-text" role="alert" data-testid="scan-error">
          {problem}
        </p>
      ) : null}
      <p className="muted">{GUEST_TEXTS.scanNoCamera}</p>
      <button
        type="button"
        className="button button-primary"
        data-testid="skip-to-checkin"
        onClick={() => navigate(withQuery('/guest/checkin', { tableId: expectedTableId }))}
      >
        {GUEST_TEXTS.skipToCheckin}
      </button>
    </main>
  );
}
