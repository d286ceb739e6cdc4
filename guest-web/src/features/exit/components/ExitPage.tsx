// The exit (/guest/exit, spec 3 sections 2 and 4): READY TO EXIT with the session's last 8
// characters, the exit QR scan, staff assistance; once verified, the digital receipt, downloadable
// as a PDF or printed on the venue's receipt printer, and 'Exit Restaurant' to the guest site's
// own page (/guest; the cloud's / is the staff app). The bill is one tap away. The scan
// opens the camera (the scanner of the guest check-in, its library loaded only now) and reads the
// venue's exit code, which staff show or print from Generate Table QR; after 30 s without a code it
// stops and says so. A guest whose phone camera app opened the exit code's link arrives with it and
// is verified without scanning again. Staff assistance sends staff one alert naming the table (a
// repeat tap within a few minutes is told staff were asked, and sends nothing). Success forgets the
// stored session, token, table and venue ids: the session is closed and its cookie grants nothing
// (printing the receipt uses the exit code held in memory on the receipt view, for a while).
import {
  displayMoney,
  GUEST_FLOW,
  GUEST_PAYMENT_TEXTS,
  GUEST_TEXTS,
  MESSAGES,
  PAYMENT_MESSAGES,
  type Receipt,
  toCents,
} from '@tablewise/shared';
import { useCallback, useEffect, useRef, useState } from 'react';
import { flushSync } from 'react-dom';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { failureText } from '../../../app/api-client.js';
import { BillLink } from '../../../app/BillLink.js';
import { NoSessionPage } from '../../../app/NoSessionPage.js';
import { remove, STORAGE_KEYS, storedSessionId } from '../../../app/storage.js';
import { useToast } from '../../../app/toast.js';
import { clockOf } from '../../../app/venue-clock.js';
import { type RunningScan, startScanning } from '../../scan/components/camera.js';
import { useAskStaff } from '../api/ask-staff.js';
import { useCheckout } from '../api/checkout.js';
import { usePrintAtVenue } from '../api/print-at-venue.js';
import { downloadReceiptPdf } from './receipt-pdf.js';

function forgetVisit(): void {
  for (const key of [
    STORAGE_KEYS.sessionId,
    STORAGE_KEYS.legacySessionId,
    STORAGE_KEYS.qrToken,
    STORAGE_KEYS.qrContext,
  ]) {
    remove(key);
  }
}

type CameraState = 'off' | 'starting' | 'scanning';

export function ExitPage() {
  const [params] = useSearchParams();
  const sessionId = params.get('sessionId') ?? storedSessionId();
  // The exit code's own link, when the phone's camera app opened it.
  const linkedCode = params.get('exitCode');
  const toast = useToast();
  const checkout = useCheckout();
  const askStaff = useAskStaff();
  const [camera, setCamera] = useState<CameraState>('off');
  const [problem, setProblem] = useState<string | null>(null);
  const [receipt, setReceipt] = useState<{ receipt: Receipt; exitCode: string } | null>(null);
  const [assist, setAssist] = useState(false);
  const video = useRef<HTMLVideoElement>(null);
  const running = useRef<RunningScan | null>(null);
  const timeout = useRef<number | undefined>(undefined);

  const stopScanning = useCallback(() => {
    window.clearTimeout(timeout.current);
    running.current?.stop();
    running.current = null;
    setCamera('off');
  }, []);
  useEffect(() => () => stopScanning(), [stopScanning]);

  const verify = (id: string, qrToken: string) => {
    checkout.mutate(
      { sessionId: id, qrToken, exitTime: new Date().toISOString() },
      {
        onSuccess: (answer) => {
          forgetVisit();
          // Kept in memory only: 'Print at the venue' shows the exit code again, for a while.
          setReceipt({ receipt: answer.receipt, exitCode: qrToken });
        },
        onError: (error) => {
          const description = failureText(error, MESSAGES.exitVerificationFailed);
          setProblem(description);
          toast({ title: MESSAGES.exitVerificationFailedTitle, description, variant: 'destructive' });
        },
      },
    );
  };

  const onScan = async () => {
    setProblem(null);
    if (!sessionId) {
      toast({
        title: PAYMENT_MESSAGES.sessionRequiredTitle,
        description: MESSAGES.exitNeedsSessionAndToken,
        variant: 'destructive',
      });
      return;
    }
    if (linkedCode) {
      verify(sessionId, linkedCode);
      return;
    }
    // The picture must be on the page before the scanner starts reading it.
    flushSync(() => setCamera('starting'));
    const target = video.current;
    if (!target) {
      setCamera('off');
      setProblem(MESSAGES.scannerNotInitialized);
      return;
    }
    try {
      running.current = await startScanning(target, (text) => {
        stopScanning();
        verify(sessionId, text);
      });
    } catch (error) {
      setCamera('off');
      setProblem(error instanceof Error ? error.message : MESSAGES.cameraStartFailed);
      setAssist(true);
      return;
    }
    setCamera('scanning');
    window.clearTimeout(timeout.current);
    timeout.current = window.setTimeout(() => {
      stopScanning();
      setProblem(MESSAGES.qrNotDetected);
    }, GUEST_FLOW.scannerTimeoutMs);
  };

  const onAskStaff = () => {
    if (!sessionId) {
      setAssist(true);
      return;
    }
    askStaff.mutate(
      { sessionId, reason: 'exit' },
      {
        onError: (error) =>
          toast({
            title: GUEST_PAYMENT_TEXTS.staffAssistanceFailedTitle,
            description: failureText(error, GUEST_PAYMENT_TEXTS.staffAssistanceFailed),
            variant: 'destructive',
          }),
      },
    );
  };

  if (receipt) return <ReceiptView {...receipt} />;
  // No dining session on this phone: nothing is ready to exit, and the page says so.
  if (!sessionId) return <NoSessionPage title={MESSAGES.sessionNotFoundTitle} hint={GUEST_TEXTS.noSessionExit} />;
  const cameraOn = camera !== 'off';
  return (
    <main className="page page-center scan-page" data-testid="exit-page" data-camera={camera}>
      <h1 className="exit-ready">{GUEST_PAYMENT_TEXTS.readyToExit}</h1>
      <p className="muted" data-testid="exit-session">
        {GUEST_PAYMENT_TEXTS.sessionRef(sessionId.slice(-8))}
      </p>
      <div className={cameraOn ? 'scan-viewport' : 'scan-viewport exit-viewport-off'} data-testid="exit-viewport">
        <video ref={video} className="scan-video" muted playsInline data-testid="exit-video" />
      </div>
      {checkout.isPending ? (
        <p role="status" data-testid="exit-verifying">
          {GUEST_PAYMENT_TEXTS.scanningExit}
        </p>
      ) : camera === 'scanning' ? (
        <p className="muted" role="status" data-testid="exit-scanning">
          {GUEST_PAYMENT_TEXTS.exitScanHint}
        </p>
      ) : null}
      {problem ? (
        <p className="error-text" role="alert" data-testid="exit-error">
          {problem}
        </p>
      ) : null}
      <div className="scan-actions">
        {cameraOn ? (
          <button type="button" className="button button-block" data-testid="exit-stop" onClick={stopScanning}>
            {GUEST_PAYMENT_TEXTS.stopExitScan}
          </button>
        ) : (
          <button
            type="button"
            className="button button-primary button-block"
            data-testid="exit-scan"
            disabled={checkout.isPending}
            onClick={() => void onScan()}
          >
            {checkout.isPending ? GUEST_PAYMENT_TEXTS.scanningExit : GUEST_PAYMENT_TEXTS.scanExitQr}
          </button>
        )}
        <button
          type="button"
          className="button button-block"
          data-testid="exit-assist"
          disabled={askStaff.isPending}
          onClick={onAskStaff}
        >
          {askStaff.isPending ? GUEST_PAYMENT_TEXTS.staffAssistanceSending : GUEST_PAYMENT_TEXTS.staffAssistance}
        </button>
        <BillLink sessionId={sessionId} tableId={null} />
      </div>
      {askStaff.isSuccess ? (
        <p className="success-text" role="status" data-testid="exit-assist-sent">
          {GUEST_PAYMENT_TEXTS.staffAssistanceSent}
        </p>
      ) : assist ? (
        <p className="muted" role="status" data-testid="exit-assist-hint">
          {GUEST_PAYMENT_TEXTS.staffAssistanceHint}
        </p>
      ) : null}
    </main>
  );
}

function ReceiptView({ receipt, exitCode }: { receipt: Receipt; exitCode: string }) {
  const navigate = useNavigate();
  const toast = useToast();
  const print = usePrintAtVenue();
  const onPrint = () =>
    print.mutate(
      { sessionId: receipt.session.id, qrToken: exitCode },
      {
        onError: (error) =>
          toast({
            title: GUEST_PAYMENT_TEXTS.printAtVenueFailedTitle,
            description: failureText(error, GUEST_PAYMENT_TEXTS.printAtVenueFailed),
            variant: 'destructive',
          }),
      },
    );
  const money = (v: string) => displayMoney(toCents(v));
  const time = clockOf(receipt.timeZone);
  return (
    <main className="page" data-testid="receipt">
      <header className="page-header">
        <h1>{GUEST_PAYMENT_TEXTS.receiptTitle}</h1>
        <p className="muted">{receipt.venueName}</p>
      </header>
      <section className="card">
        <dl className="totals">
          <dt>{GUEST_PAYMENT_TEXTS.receiptTable}</dt>
          <dd>{receipt.session.tableNumber ?? '-'}</dd>
          <dt>{GUEST_PAYMENT_TEXTS.receiptCheckin}</dt>
          <dd>{time(receipt.session.checkinTime)}</dd>
          <dt>{GUEST_PAYMENT_TEXTS.receiptCheckout}</dt>
          <dd>{time(receipt.session.checkoutTime)}</dd>
          <dt>{GUEST_PAYMENT_TEXTS.receiptDurationLabel}</dt>
          <dd>{GUEST_PAYMENT_TEXTS.receiptDuration(receipt.session.duration)}</dd>
        </dl>
      </section>
      <section className="card">
        <ul className="order-lines">
          {receipt.orders.map((o) => (
            <li key={o.id} className="order-line">
              <div className="order-line-main">
                <strong>
                  {o.quantity} × {o.menuItemName}
                </strong>
                {o.notes ? <span className="muted small">{o.notes}</span> : null}
              </div>
              <span className="price">{money(o.totalPrice)}</span>
            </li>
          ))}
        </ul>
        <dl className="totals">
          <dt>{GUEST_PAYMENT_TEXTS.subtotal}</dt>
          <dd>{money(receipt.payment.subtotal)}</dd>
          <dt>{GUEST_PAYMENT_TEXTS.tax}</dt>
          <dd>{money(receipt.payment.tax)}</dd>
          {toCents(receipt.payment.serviceCharge) > 0 ? (
            <>
              <dt>{GUEST_PAYMENT_TEXTS.serviceCharge}</dt>
              <dd>{money(receipt.payment.serviceCharge)}</dd>
            </>
          ) : null}
          <dt className="total">{GUEST_PAYMENT_TEXTS.total}</dt>
          <dd className="total">{money(receipt.payment.total)}</dd>
          <dt>{GUEST_PAYMENT_TEXTS.tip}</dt>
          <dd>{money(receipt.payment.tip)}</dd>
          <dt>{GUEST_PAYMENT_TEXTS.receiptMethod}</dt>
          <dd className="capitalize">{receipt.payment.paymentMethod.replaceAll('_', ' ')}</dd>
          <dt className="total">{GUEST_PAYMENT_TEXTS.receiptAmountPaid}</dt>
          <dd className="total" data-testid="receipt-paid">
            {money(receipt.payment.amountPaid)}
          </dd>
        </dl>
      </section>
      <p className="muted">{GUEST_PAYMENT_TEXTS.thankYou}</p>
      <button
        type="button"
        className="button button-block"
        data-testid="receipt-pdf"
        onClick={() => void downloadReceiptPdf(receipt)}
      >
        {GUEST_PAYMENT_TEXTS.downloadPdf}
      </button>
      <button
        type="button"
        className="button button-block"
        data-testid="receipt-print"
        disabled={print.isPending}
        onClick={onPrint}
      >
        {print.isPending ? GUEST_PAYMENT_TEXTS.printingAtVenue : GUEST_PAYMENT_TEXTS.printAtVenue}
      </button>
      {print.isSuccess ? (
        <p className="success-text" role="status" data-testid="receipt-print-sent">
          {GUEST_PAYMENT_TEXTS.printedAtVenue(print.data.printerName)}
        </p>
      ) : null}
      <button
        type="button"
        className="button button-primary button-block"
        data-testid="exit-restaurant"
        onClick={() => navigate('/guest')}
      >
        {GUEST_PAYMENT_TEXTS.exitRestaurant}
      </button>
    </main>
  );
}
