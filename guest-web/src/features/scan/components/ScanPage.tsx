// QR scan (spec 3 section 2). Two modes: at the entrance any table's code leads to check-in; at a
// table the code must be the expected table's. A link inside a QR code lands here with its token,
// which is submitted at once. Otherwise the guest enables the camera and scans: at most 5 scans a
// second, and after 30 s without a code the scanner stops and says so. Skip to Check-in (entrance)
// or Need Help (table) is always there.
import {
  GUEST_FLOW,
  GUEST_SEAT_TEXTS,
  GUEST_TEXTS,
  isSafeRedirect,
  MESSAGES,
  type QrContext,
  type ScanAnswer,
  withQuery,
} from '@tablewise/shared';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { failureText } from '../../../app/api-client.js';
import { remove, STORAGE_KEYS, storeSessionId, writeJson, writeRaw } from '../../../app/storage.js';
import { useToast } from '../../../app/toast.js';
import { useScanEntrance } from '../api/scan-entrance.js';
import { useScanTable } from '../api/scan-table.js';
import { enableCamera, type RunningScan, startScanning } from './camera.js';

export type ScanMode = 'entrance' | 'table';

type CameraState = 'off' | 'enabling' | 'ready' | 'starting' | 'scanning';

export function ScanPage({ mode }: { mode: ScanMode }) {
  const [params] = useSearchParams();
  const token = params.get('token');
  const expectedTableId = params.get('tableId') ?? undefined;
  const navigate = useNavigate();
  const toast = useToast();
  const scanTable = useScanTable();
  const scanEntrance = useScanEntrance();
  const [problem, setProblem] = useState<string | null>(null);
  const [camera, setCamera] = useState<CameraState>('off');
  const [help, setHelp] = useState(false);
  const video = useRef<HTMLVideoElement>(null);
  const running = useRef<RunningScan | null>(null);
  const timeout = useRef<number | undefined>(undefined);
  // StrictMode runs effects twice in development; a token must be submitted once.
  const submitted = useRef<string | null>(null);

  const stopScanning = useCallback((next: CameraState = 'ready') => {
    window.clearTimeout(timeout.current);
    running.current?.stop();
    running.current = null;
    setCamera((current) => (current === 'off' ? 'off' : next));
  }, []);
  useEffect(() => () => stopScanning(), [stopScanning]);

  const submit = useCallback(
    (qrData: string) => {
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
        const codeToken = tokenOf(qrData);
        const context: QrContext = { tableId: answer.tableId, venueId: answer.venueId, token: codeToken };
        writeJson(STORAGE_KEYS.qrContext, context);
        writeRaw(STORAGE_KEYS.qrToken, codeToken);
        if (answer.sessionId) storeSessionId(answer.sessionId);
        const checkin = withQuery('/guest/checkin', {
          tableId: answer.tableId,
          venueId: answer.venueId,
          token: codeToken,
        });
        if (mode === 'entrance' && answer.redirectUrl && isSafeRedirect(answer.redirectUrl))
          navigate(answer.redirectUrl);
        else navigate(checkin);
      };
      const onError = (error: unknown) => fail(failureText(error, MESSAGES.qrProcessingFailed));
      if (mode === 'table') {
        // A new table scan replaces the old table; if it fails, check-in must not fall back to it.
        remove(STORAGE_KEYS.qrContext);
        scanTable.mutate({ qrData, expectedTableId }, { onSuccess: onAnswer, onError });
      } else {
        scanEntrance.mutate({ qrData }, { onSuccess: onAnswer, onError });
      }
    },
    [mode, expectedTableId, navigate, toast, scanTable.mutate, scanEntrance.mutate],
  );

  useEffect(() => {
    if (!token || submitted.current === token) return;
    submitted.current = token;
    submit(token);
  }, [token, submit]);

  const onEnable = async () => {
    setProblem(null);
    setCamera('enabling');
    const refused = await enableCamera();
    if (refused) {
      setCamera('off');
      setProblem(refused);
      return;
    }
    setCamera('ready');
  };

  const onStart = async () => {
    setProblem(null);
    if (camera === 'off' || !video.current) {
      setProblem(MESSAGES.scannerNotInitialized);
      return;
    }
    setCamera('starting');
    try {
      running.current = await startScanning(video.current, (text) => {
        stopScanning();
        submit(text);
      });
    } catch (error) {
      setCamera('ready');
      setProblem(error instanceof Error ? error.message : MESSAGES.cameraStartFailed);
      return;
    }
    setCamera('scanning');
    window.clearTimeout(timeout.current);
    timeout.current = window.setTimeout(() => {
      stopScanning();
      setProblem(MESSAGES.qrNotDetected);
    }, GUEST_FLOW.scannerTimeoutMs);
  };

  const pending = scanTable.isPending || scanEntrance.isPending;
  const cameraOn = camera === 'ready' || camera === 'starting' || camera === 'scanning';
  return (
    <main className="page page-center scan-page" data-testid={`scan-${mode}`} data-camera={camera}>
      <h1>{mode === 'table' ? GUEST_TEXTS.scanTableTitle : GUEST_TEXTS.scanEntranceTitle}</h1>
      <div className={cameraOn ? 'scan-viewport' : 'scan-viewport scan-viewport-off'}>
        <video ref={video} className="scan-video" muted playsInline data-testid="scan-video" />
        {cameraOn ? null : <p className="muted small scan-hint">{GUEST_SEAT_TEXTS.scanHint}</p>}
      </div>
      {pending ? (
        <p role="status">{GUEST_TEXTS.scanVerifying}</p>
      ) : camera === 'scanning' ? (
        <p role="status" data-testid="scan-scanning">
          {GUEST_SEAT_TEXTS.scanning}
        </p>
      ) : camera === 'ready' && !problem ? (
        <p className="muted" role="status">
          {GUEST_SEAT_TEXTS.cameraReady}
        </p>
      ) : null}
      {problem ? (
        <p className="error-text" role="alert" data-testid="scan-error">
          {problem}
        </p>
      ) : null}
      <div className="scan-actions">
        {camera === 'off' || camera === 'enabling' ? (
          <button
            type="button"
            className="button button-primary button-block"
            data-testid="enable-camera"
            disabled={camera === 'enabling'}
            onClick={() => void onEnable()}
          >
            {GUEST_SEAT_TEXTS.enableCamera}
          </button>
        ) : camera === 'scanning' ? (
          <button
            type="button"
            className="button button-block"
            data-testid="stop-scanning"
            onClick={() => stopScanning()}
          >
            {GUEST_SEAT_TEXTS.stopScanning}
          </button>
        ) : (
          <button
            type="button"
            className="button button-primary button-block"
            data-testid="start-scanning"
            disabled={camera === 'starting'}
            onClick={() => void onStart()}
          >
            {GUEST_SEAT_TEXTS.startScanning}
          </button>
        )}
        {mode === 'entrance' ? (
          <button
            type="button"
            className="button button-block"
            data-testid="skip-to-checkin"
            onClick={() => navigate(withQuery('/guest/checkin', { tableId: expectedTableId }))}
          >
            {GUEST_TEXTS.skipToCheckin}
          </button>
        ) : (
          <button type="button" className="button button-block" data-testid="need-help" onClick={() => setHelp(true)}>
            {GUEST_SEAT_TEXTS.needHelp}
          </button>
        )}
      </div>
      {help ? (
        <p className="muted" role="status" data-testid="help-text">
          {GUEST_SEAT_TEXTS.needHelpHint}
        </p>
      ) : null}
    </main>
  );
}

/** The token in a scanned code: the check-in link's token, or the bare token. */
function tokenOf(qrData: string): string {
  const text = qrData.trim();
  if (!text.includes('token=')) return text;
  try {
    return new URL(text, window.location.origin).searchParams.get('token') ?? text;
  } catch {
    return text;
  }
}
