// The exit (/guest/exit, spec 3 sections 2 and 4): READY TO EXIT with the session's last 8
// characters, the exit scan (about 2 seconds, then verify), staff assistance; once verified, the
// digital receipt, downloadable as a PDF, and 'Exit Restaurant' back to /. Success forgets the
// stored session, token, table and venue ids: the session is closed and its cookie grants nothing.
import {
  displayMoney,
  GUEST_FLOW,
  GUEST_PAYMENT_TEXTS,
  MESSAGES,
  PAYMENT_MESSAGES,
  type Receipt,
  toCents,
} from '@tablewise/shared';
import { useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { failureText } from '../../../app/api-client.js';
import { readRaw, remove, STORAGE_KEYS, storedSessionId } from '../../../app/storage.js';
import { useToast } from '../../../app/toast.js';
import { useCheckout } from '../api/checkout.js';
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

export function ExitPage() {
  const [params] = useSearchParams();
  const sessionId = params.get('sessionId') ?? storedSessionId();
  const qrToken = readRaw(STORAGE_KEYS.qrToken) ?? params.get('token');
  const toast = useToast();
  const checkout = useCheckout();
  const [scanning, setScanning] = useState(false);
  const [receipt, setReceipt] = useState<Receipt | null>(null);
  const [assist, setAssist] = useState(false);

  const verify = () => {
    if (!sessionId) {
      toast({
        title: PAYMENT_MESSAGES.sessionRequiredTitle,
        description: MESSAGES.exitNeedsSessionAndToken,
        variant: 'destructive',
      });
      return;
    }
    if (!qrToken) {
      toast({
        title: MESSAGES.qrTokenRequiredTitle,
        description: MESSAGES.exitNeedsSessionAndToken,
        variant: 'destructive',
      });
      return;
    }
    setScanning(true);
    window.setTimeout(() => {
      checkout.mutate(
        { sessionId, qrToken, exitTime: new Date().toISOString() },
        {
          onSuccess: (answer) => {
            forgetVisit();
            setReceipt(answer.receipt);
          },
          onError: (error) =>
            toast({
              title: MESSAGES.exitVerificationFailedTitle,
              description: failureText(error, MESSAGES.exitVerificationFailed),
              variant: 'destructive',
            }),
          onSettled: () => setScanning(false),
        },
      );
    }, GUEST_FLOW.exitScanDelayMs);
  };

  if (receipt) return <ReceiptView receipt={receipt} />;
  return (
    <main className="page page-center" data-testid="exit-page">
      <h1 className="exit-ready">{GUEST_PAYMENT_TEXTS.readyToExit}</h1>
      {sessionId ? (
        <p className="muted" data-testid="exit-session">
          {GUEST_PAYMENT_TEXTS.sessionRef(sessionId.slice(-8))}
        </p>
      ) : null}
      <button
        type="button"
        className="button button-primary button-block"
        data-testid="exit-scan"
        disabled={scanning || checkout.isPending}
        onClick={verify}
      >
        {scanning ? GUEST_PAYMENT_TEXTS.scanningExit : GUEST_PAYMENT_TEXTS.scanExitQr}
      </button>
      <button type="button" className="button button-block" data-testid="exit-assist" onClick={() => setAssist(true)}>
        {GUEST_PAYMENT_TEXTS.staffAssistance}
      </button>
      {assist ? (
        <p className="muted" role="status">
          {GUEST_PAYMENT_TEXTS.staffAssistanceHint}
        </p>
      ) : null}
    </main>
  );
}

function ReceiptView({ receipt }: { receipt: Receipt }) {
  const navigate = useNavigate();
  const money = (v: string) => displayMoney(toCents(v));
  const time = (iso: string) => new Date(iso).toLocaleTimeString([], { hour: 'numeric', minute: '2-digit' });
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
        className="button button-primary button-block"
        data-testid="exit-restaurant"
        onClick={() => navigate('/')}
      >
        {GUEST_PAYMENT_TEXTS.exitRestaurant}
      </button>
    </main>
  );
}
