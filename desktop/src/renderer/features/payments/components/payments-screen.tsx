// The payments screen (spec 2 section 2.8; issue 11): stat cards and tabs from the venue's real
// payments, Verify Payment on pending rows and Retry on failed ones, a details dialog, and taking a
// cash or card-terminal payment for a table with a bill open. Kept live by payment.status.changed.
import {
  displayMoney,
  isPaymentUrgent,
  isWaitingForStaff,
  type Order,
  PAYMENTS_TEXTS,
  type Payment,
  paymentRowAction,
  paymentStats,
  retryRefusal,
  toCents,
} from '@tablewise/shared';
import { useMemo, useState } from 'react';
import { useChangePayment, useTakePayment } from '../../../api/change-payment.js';
import { usePayments } from '../../../api/get-payments.js';
import { useOnTerminal } from '../../../app/terminal-status.js';
import { TabBar } from '../../../components/tab-bar.js';
import { useNow } from '../../../components/use-now.js';
import { useVenueClock } from '../../../components/use-venue-clock.js';
import { useOpenOrders, useSessionBill } from '../api/get-open-bills.js';
import { usePrintReceipt, useReceiptPrinters } from '../api/receipt-printers.js';

type Tab = 'PENDING' | 'COMPLETED' | 'FAILED';
const TABS: readonly Tab[] = ['PENDING', 'COMPLETED', 'FAILED'];

const money = (v: string) => displayMoney(toCents(v));

export function PaymentsScreen() {
  const payments = usePayments();
  const [tab, setTab] = useState<Tab>('PENDING');
  const [details, setDetails] = useState<Payment | null>(null);
  const change = useChangePayment();
  const clock = useVenueClock();
  const now = useNow(30_000);
  const onTerminal = useOnTerminal() === true;
  const printers = useReceiptPrinters(onTerminal);
  const print = usePrintReceipt();
  const receiptPrinter = printers.data?.[0];
  const list = payments.data ?? [];
  const stats = paymentStats(list);
  // A retried payment (PROCESSING) waits for staff with the pending ones.
  const shown = list.filter((p) => (tab === 'PENDING' ? isWaitingForStaff(p) : p.status === tab));

  return (
    <section className="payments" data-testid="payments-screen">
      <div className="page-head">
        <h1>{PAYMENTS_TEXTS.title}</h1>
      </div>
      <div className="stat-grid">
        <StatCard
          testId="payments-revenue"
          title={PAYMENTS_TEXTS.stats.revenue}
          value={displayMoney(stats.totalRevenueCents)}
          detail={PAYMENTS_TEXTS.revenueDetail}
        />
        <StatCard
          testId="payments-pending"
          title={PAYMENTS_TEXTS.stats.pending}
          value={String(stats.pending)}
          detail={PAYMENTS_TEXTS.countDetail(stats.pending)}
        />
        <StatCard
          testId="payments-completed"
          title={PAYMENTS_TEXTS.stats.completed}
          value={String(stats.completed)}
          detail={PAYMENTS_TEXTS.countDetail(stats.completed)}
        />
        <StatCard
          testId="payments-failed"
          title={PAYMENTS_TEXTS.stats.failed}
          value={String(stats.failed)}
          detail={PAYMENTS_TEXTS.countDetail(stats.failed)}
        />
      </div>

      <TakePayment />

      <TabBar
        options={TABS}
        value={tab}
        onChange={setTab}
        labelOf={(t) => PAYMENTS_TEXTS.tabs[t]}
        testIdOf={(t) => `payments-tab-${t}`}
      />

      {payments.isPending ? (
        <div className="page-status" role="status">
          <span className="spinner" aria-hidden="true" /> {PAYMENTS_TEXTS.loading}
        </div>
      ) : shown.length === 0 ? (
        <p className="empty">{PAYMENTS_TEXTS.empty}</p>
      ) : (
        <table className="reservations-table payments-table">
          <thead>
            <tr>
              {Object.values(PAYMENTS_TEXTS.columns).map((c, i) => (
                <th key={`${c}-${Object.keys(PAYMENTS_TEXTS.columns)[i]}`}>{c}</th>
              ))}
            </tr>
          </thead>
          <tbody>
            {shown.map((p) => {
              // A retried payment (PROCESSING) is verified as a pending one is, once staff see it taken.
              const action = p.status === 'PROCESSING' ? 'verify' : paymentRowAction(p.status);
              return (
                <tr key={p.id} data-testid="payment-row" data-status={p.status}>
                  <td data-label={PAYMENTS_TEXTS.columns.table}>{p.tableName ?? '-'}</td>
                  <td data-label={PAYMENTS_TEXTS.columns.amount}>{money(p.amount)}</td>
                  <td data-label={PAYMENTS_TEXTS.columns.tip}>{money(p.tipAmount)}</td>
                  <td data-label={PAYMENTS_TEXTS.columns.method}>
                    {p.paymentMethod ? PAYMENTS_TEXTS.methods[p.paymentMethod] : '-'}
                  </td>
                  <td data-label={PAYMENTS_TEXTS.columns.time}>{clock(p.createdAt)}</td>
                  <td data-label={PAYMENTS_TEXTS.columns.status}>
                    <span className="status-badge">{p.status}</span>
                    {isPaymentUrgent({ status: p.status, createdAt: new Date(p.createdAt) }, now) ? (
                      <span className="pill priority-urgent">{PAYMENTS_TEXTS.urgent}</span>
                    ) : null}
                  </td>
                  <td>
                    <div className="payments-actions">
                      {action === 'retry' && p.orderId ? (
                        <RetryAction
                          payment={p}
                          busy={change.isPending}
                          onRetry={() => change.mutate({ payment: p, action })}
                        />
                      ) : action && p.orderId ? (
                        <button
                          type="button"
                          className="button primary small"
                          disabled={change.isPending}
                          data-testid={action === 'verify' ? 'payment-verify' : 'payment-retry'}
                          onClick={() => change.mutate({ payment: p, action })}
                        >
                          {action === 'verify' ? PAYMENTS_TEXTS.verify : PAYMENTS_TEXTS.retry}
                        </button>
                      ) : null}
                      {receiptPrinter && p.sessionId && p.status === 'COMPLETED' ? (
                        <button
                          type="button"
                          className="button small"
                          data-testid="payment-print"
                          disabled={print.isPending}
                          onClick={() =>
                            p.sessionId && print.mutate({ sessionId: p.sessionId, printerId: receiptPrinter.id })
                          }
                        >
                          {PAYMENTS_TEXTS.printReceipt}
                        </button>
                      ) : null}
                      <button
                        type="button"
                        className="button small"
                        data-testid="payment-details"
                        onClick={() => setDetails(p)}
                      >
                        {PAYMENTS_TEXTS.details}
                      </button>
                    </div>
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      )}
      {details ? <DetailsDialog payment={details} onClose={() => setDetails(null)} /> : null}
    </section>
  );
}

/**
 * Retry on a failed payment, offered only while its share is still to pay (by the same rule the
 * cloud refuses it with): a card refused and then paid with another shows why, not a Retry that
 * can only fail.
 */
function RetryAction(props: { payment: Payment; busy: boolean; onRetry: () => void }) {
  const bill = useSessionBill(props.payment.sessionId);
  const refusal = bill.data ? retryRefusal(props.payment, bill.data) : null;
  if (refusal) {
    return (
      <span className="muted" data-testid="payment-retry-refused">
        {refusal.message}
      </span>
    );
  }
  return (
    <button
      type="button"
      className="button primary small"
      disabled={props.busy || (props.payment.sessionId !== null && !bill.data)}
      data-testid="payment-retry"
      onClick={props.onRetry}
    >
      {PAYMENTS_TEXTS.retry}
    </button>
  );
}

function StatCard(props: { testId: string; title: string; value: string; detail: string }) {
  return (
    <section className="stat-card" data-testid={props.testId}>
      <h2>{props.title}</h2>
      <div className="stat-value" data-testid={`${props.testId}-value`}>
        {props.value}
      </div>
      <div className="stat-detail">{props.detail}</div>
    </section>
  );
}

function DetailsDialog({ payment, onClose }: { payment: Payment; onClose: () => void }) {
  const clock = useVenueClock();
  const f = PAYMENTS_TEXTS.detailFields;
  const rows: Array<[string, string]> = [
    [f.id, payment.id.slice(-8)],
    [f.table, payment.tableName ?? '-'],
    [f.amount, money(payment.amount)],
    [f.tip, money(payment.tipAmount)],
    [f.method, payment.paymentMethod ? PAYMENTS_TEXTS.methods[payment.paymentMethod] : '-'],
    [f.provider, PAYMENTS_TEXTS.providers[payment.provider]],
    [f.split, payment.splitLabel ?? '-'],
    [f.intent, payment.paymentIntentId ?? '-'],
    [f.status, payment.status],
    [f.created, clock(payment.createdAt, { withDate: true })],
    [f.paid, payment.paidAt ? clock(payment.paidAt, { withDate: true }) : '-'],
  ];
  return (
    <div className="dialog-backdrop">
      <div
        className="dialog"
        role="dialog"
        aria-modal="true"
        aria-labelledby="payment-details-title"
        data-testid="payment-details-dialog"
      >
        <h2 id="payment-details-title">{PAYMENTS_TEXTS.detailsTitle}</h2>
        <dl className="payment-details">
          {rows.map(([label, value]) => (
            <div key={label}>
              <dt>{label}</dt>
              <dd>{value}</dd>
            </div>
          ))}
        </dl>
        <div className="dialog-actions">
          <button type="button" className="button" onClick={onClose}>
            {PAYMENTS_TEXTS.close}
          </button>
        </div>
      </div>
    </div>
  );
}

/** The sessions with an open bill, one per table, from the venue's open orders. */
function openSessions(orders: readonly Order[]): Array<{ sessionId: string; tableName: string }> {
  const seen = new Map<string, string>();
  for (const o of orders) if (!seen.has(o.sessionId)) seen.set(o.sessionId, o.tableName ?? o.sessionId.slice(-6));
  return [...seen].map(([sessionId, tableName]) => ({ sessionId, tableName }));
}

function TakePayment() {
  const orders = useOpenOrders();
  const sessions = useMemo(() => openSessions(orders.data ?? []), [orders.data]);
  const [sessionId, setSessionId] = useState<string | null>(null);
  const bill = useSessionBill(sessionId);
  const take = useTakePayment();
  const left = bill.data ? toCents(bill.data.left) : 0;
  // On a terminal the receipt prints as the payment is taken, and cash opens the drawer.
  const onTerminal = useOnTerminal() === true;
  const printers = useReceiptPrinters(onTerminal);
  const [chosenPrinter, setChosenPrinter] = useState<string | null>(null);
  const printerId = chosenPrinter ?? printers.data?.[0]?.id ?? null;
  const takeWith = (method: 'cash' | 'card') =>
    sessionId && take.mutate({ sessionId, method, ...(onTerminal && printerId ? { printerId } : {}) });
  return (
    <section className="panel take-payment" data-testid="take-payment">
      <h2>{PAYMENTS_TEXTS.takeTitle}</h2>
      {sessions.length === 0 ? (
        <p className="muted">{PAYMENTS_TEXTS.takeNone}</p>
      ) : (
        <div className="form-row">
          <label className="inline-field">
            <span>{PAYMENTS_TEXTS.takeTable}</span>
            <select
              className="select"
              value={sessionId ?? ''}
              data-testid="take-table"
              onChange={(e) => setSessionId(e.target.value || null)}
            >
              <option value="">{PAYMENTS_TEXTS.takeChoose}</option>
              {sessions.map((s) => (
                <option key={s.sessionId} value={s.sessionId}>
                  {s.tableName}
                </option>
              ))}
            </select>
          </label>
          {onTerminal && (printers.data?.length ?? 0) > 0 ? (
            <label className="inline-field">
              <span>{PAYMENTS_TEXTS.receiptPrinter}</span>
              <select
                className="select"
                value={printerId ?? ''}
                data-testid="take-printer"
                onChange={(e) => setChosenPrinter(e.target.value)}
              >
                {printers.data?.map((p) => (
                  <option key={p.id} value={p.id}>
                    {p.name}
                  </option>
                ))}
              </select>
            </label>
          ) : null}
          {bill.data ? <strong data-testid="take-left">{PAYMENTS_TEXTS.takeLeft(displayMoney(left))}</strong> : null}
          <button
            type="button"
            className="button primary"
            data-testid="take-cash"
            disabled={!sessionId || left === 0 || take.isPending}
            onClick={() => takeWith('cash')}
          >
            {PAYMENTS_TEXTS.takeCash}
          </button>
          <button
            type="button"
            className="button"
            data-testid="take-card"
            disabled={!sessionId || left === 0 || take.isPending}
            onClick={() => takeWith('card')}
          >
            {PAYMENTS_TEXTS.takeCard}
          </button>
        </div>
      )}
    </section>
  );
}
