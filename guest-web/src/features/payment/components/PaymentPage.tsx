// The bill and payment (/guest/payment?sessionId=&tableId=, spec 3 sections 2, 5 and 9): every
// order of the visit, a tip on the subtotal, and paying in full or split 2 to 10 ways (evenly, by
// custom amounts, by items). Every phone at the table sees live what is paid and left; a share
// paid by one phone shows paid on the others and cannot be paid twice.
import {
  type Bill,
  type BillShare,
  billShares,
  chooseCustomTip,
  choosePresetTip,
  DEFAULT_TIP_CHOICE,
  displayMoney,
  formatCents,
  GUEST_PAYMENT_TEXTS,
  heldShares,
  MESSAGES,
  PAYMENT_METHODS,
  type PaymentMethod,
  type ShareMode,
  SPLIT,
  staleKeysFor,
  TIP_PRESETS,
  type TipChoice,
  tipCents,
  toCents,
  withQuery,
} from '@tablewise/shared';
import { useQueryClient } from '@tanstack/react-query';
import { useMemo, useRef, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { ApiError, failureText } from '../../../app/api-client.js';
import { useLiveEvents } from '../../../app/live.js';
import { storedSessionId } from '../../../app/storage.js';
import { useToast } from '../../../app/toast.js';
import { newUuid } from '../../../app/uuid.js';
import { useProcessPayment } from '../api/process-payment.js';
import { sessionBillQueryOptions, useSessionBill } from '../api/session-bill.js';
import { type CardToConfirm, StripeCardForm } from './StripeCardForm.js';

interface Share extends BillShare {
  label: string;
}

export function PaymentPage() {
  const [params] = useSearchParams();
  const sessionId = params.get('sessionId') ?? storedSessionId();
  const tableId = params.get('tableId');
  const queryClient = useQueryClient();
  const toast = useToast();
  const bill = useSessionBill(sessionId);
  const read = bill.data !== undefined;

  const refresh = () =>
    sessionId && queryClient.invalidateQueries({ queryKey: sessionBillQueryOptions(sessionId).queryKey });
  const live = useLiveEvents(read, {
    onEvent: (event) => {
      for (const queryKey of staleKeysFor(event.type)) void queryClient.invalidateQueries({ queryKey });
    },
    onConnected: () => void refresh(),
    onGiveUp: (message) => toast({ title: message, variant: 'destructive' }),
  });

  const menuLink = withQuery('/guest/menu', { tableId: tableId ?? bill.data?.tableId ?? null, sessionId });
  if (!sessionId || (bill.isError && !read) || (read && bill.data.items.length === 0)) {
    return (
      <main className="page page-center" data-testid="order-not-found">
        <h1>{MESSAGES.orderNotFoundTitle}</h1>
        <p className="muted">
          {!sessionId || (bill.error instanceof ApiError && bill.error.status === 401)
            ? MESSAGES.sessionNotFound
            : GUEST_PAYMENT_TEXTS.orderNotFoundHint}
        </p>
        <Link className="button button-primary" to={menuLink}>
          {GUEST_PAYMENT_TEXTS.returnToMenu}
        </Link>
      </main>
    );
  }
  if (!read) return <main className="page" data-testid="payment-page" aria-busy="true" />;
  return (
    <main className="page" data-testid="payment-page">
      <header className="page-header">
        <h1>{GUEST_PAYMENT_TEXTS.billTitle}</h1>
        {bill.data.tableName ? <p className="muted">{bill.data.tableName}</p> : null}
        {live === 'reconnecting' ? (
          <p className="muted small" role="status">
            {GUEST_PAYMENT_TEXTS.liveOffline}
          </p>
        ) : null}
      </header>
      <BillSummary bill={bill.data} />
      {bill.data.complete ? (
        <section className="card pay-done" data-testid="bill-paid">
          <h2 className="card-title">{GUEST_PAYMENT_TEXTS.billPaid}</h2>
          <Link className="button button-primary button-block" to={withQuery('/guest/exit', { sessionId })}>
            {GUEST_PAYMENT_TEXTS.goToExit}
          </Link>
        </section>
      ) : (
        <PayForm bill={bill.data} />
      )}
      <Link className="button button-block" to={menuLink} data-testid="add-more-items">
        {GUEST_PAYMENT_TEXTS.addMoreItems}
      </Link>
    </main>
  );
}

function BillSummary({ bill }: { bill: Bill }) {
  const money = (v: string) => displayMoney(toCents(v));
  return (
    <section className="card" data-testid="bill">
      <ul className="order-lines">
        {bill.items.map((item) => (
          <li key={item.id} className="order-line">
            <div className="order-line-main">
              <strong>
                {item.quantity} × {item.name}
              </strong>
              {item.modifiers.length > 0 ? (
                <span className="muted small">{item.modifiers.map((m) => m.name).join(' · ')}</span>
              ) : null}
            </div>
            <span className="price">{money(item.totalPrice)}</span>
          </li>
        ))}
      </ul>
      <dl className="totals">
        <dt>{GUEST_PAYMENT_TEXTS.subtotal}</dt>
        <dd data-testid="bill-subtotal">{money(bill.subtotal)}</dd>
        <dt>{GUEST_PAYMENT_TEXTS.taxAt(bill.taxRateBps)}</dt>
        <dd data-testid="bill-tax">{money(bill.tax)}</dd>
        {toCents(bill.serviceCharge) > 0 ? (
          <>
            <dt>{GUEST_PAYMENT_TEXTS.serviceCharge}</dt>
            <dd data-testid="bill-service">{money(bill.serviceCharge)}</dd>
          </>
        ) : null}
        <dt className="total">{GUEST_PAYMENT_TEXTS.total}</dt>
        <dd className="total" data-testid="bill-total">
          {money(bill.total)}
        </dd>
        <dt>{GUEST_PAYMENT_TEXTS.paid}</dt>
        <dd data-testid="bill-paid-amount">{money(bill.paid)}</dd>
        {toCents(bill.pending) > 0 ? (
          <>
            <dt>{GUEST_PAYMENT_TEXTS.pending}</dt>
            <dd data-testid="bill-pending">{money(bill.pending)}</dd>
          </>
        ) : null}
        <dt className="total">{GUEST_PAYMENT_TEXTS.left}</dt>
        <dd className="total" data-testid="bill-left">
          {money(bill.left)}
        </dd>
      </dl>
    </section>
  );
}

function PayForm({ bill }: { bill: Bill }) {
  const navigate = useNavigate();
  const toast = useToast();
  const pay = useProcessPayment((redirectUrl) => navigate(redirectUrl));
  const [mode, setMode] = useState<ShareMode>('full');
  const [people, setPeople] = useState<number>(SPLIT.minPeople);
  const [custom, setCustom] = useState<string[]>([]);
  const [assignment, setAssignment] = useState<Map<string, number[]>>(new Map());
  const [tip, setTip] = useState<TipChoice>(DEFAULT_TIP_CHOICE);
  const [customTipText, setCustomTipText] = useState('');
  const [method, setMethod] = useState<PaymentMethod>('card');
  const [cardNumber, setCardNumber] = useState('');
  // A share recorded PENDING with Stripe, waiting for its card to be confirmed on this phone.
  const [cardToConfirm, setCardToConfirm] = useState<CardToConfirm | null>(null);
  // One key per share until it is paid or refused: a retried tap (a lost answer) charges once.
  const keys = useRef(new Map<string, string>());

  // The shares and their ids come from the shared rule, as every other phone at the table and the
  // cloud's "share already paid" check read them.
  const { shares, error } = useMemo(() => {
    const priced = billShares(bill, { mode, people, custom, assignment });
    const label = (share: BillShare) =>
      share.person === null ? GUEST_PAYMENT_TEXTS.payInFull : GUEST_PAYMENT_TEXTS.person(share.person + 1);
    return { shares: priced.shares.map((share): Share => ({ ...share, label: label(share) })), error: priced.error };
  }, [bill, mode, people, custom, assignment]);
  const total = toCents(bill.total);
  const subtotal = toCents(bill.subtotal);
  // The payment holding each split: a share paid (or waiting for staff or the card) shows as such.
  const holding = heldShares(bill.payments);
  /** The tip on this share: the chosen percentage of its part of the subtotal, or the custom amount. */
  const tipFor = (share: Share) => tipCents(total === 0 ? 0 : Math.round((share.amountCents * subtotal) / total), tip);

  const submit = (share: Share) => {
    const key = keys.current.get(share.id) ?? newUuid();
    keys.current.set(share.id, key);
    pay.mutate(
      {
        idempotencyKey: key,
        sessionId: bill.sessionId,
        billVersion: bill.version,
        totalAmount: bill.total,
        tipAmount: formatCents(tipFor(share)),
        splits: [
          {
            id: share.id,
            name: share.label,
            amount: formatCents(share.amountCents),
            items: share.items,
            paymentMethod: method,
            paid: false,
          },
        ],
        ...(method !== 'cash' && bill.demoPayments ? { card: { number: cardNumber } } : {}),
      },
      {
        onSuccess: (answer) => {
          keys.current.delete(share.id);
          if (answer.clientSecret && answer.publishableKey) {
            setCardToConfirm({
              clientSecret: answer.clientSecret,
              publishableKey: answer.publishableKey,
              amountLabel: displayMoney(share.amountCents + tipFor(share)),
            });
            return;
          }
          if (!answer.redirectUrl) toast({ title: GUEST_PAYMENT_TEXTS.sharePaidToast });
        },
        onError: (err) => {
          keys.current.delete(share.id);
          toast({
            title: MESSAGES.paymentFailedTitle,
            description: failureText(err, MESSAGES.paymentFailed),
            variant: 'destructive',
          });
        },
      },
    );
  };

  const toggle = (itemId: string, person: number) =>
    setAssignment((current) => {
      const next = new Map(current);
      const who = next.get(itemId) ?? [];
      next.set(itemId, who.includes(person) ? who.filter((p) => p !== person) : [...who, person]);
      return next;
    });

  /** Each person at the table, 0-based. */
  const persons = Array.from({ length: people }, (_, i) => i);
  const modes: Array<[ShareMode, string]> = [
    ['even', GUEST_PAYMENT_TEXTS.splitEvenly],
    ['custom', GUEST_PAYMENT_TEXTS.splitCustom],
    ['items', GUEST_PAYMENT_TEXTS.splitByItems],
  ];
  const customSum = custom.slice(0, people).reduce((s, v) => {
    try {
      return s + toCents(v || '0');
    } catch {
      return s;
    }
  }, 0);

  return (
    <>
      <section className="card" data-testid="tip">
        <h2 className="card-title">{GUEST_PAYMENT_TEXTS.tipTitle}</h2>
        <p className="muted small">{GUEST_PAYMENT_TEXTS.tipOnSubtotal}</p>
        <div className="chips tip-presets">
          {TIP_PRESETS.map((preset) => (
            <button
              key={preset.percent}
              type="button"
              className={`chip pay-chip ${tip.customCents === null && tip.percent === preset.percent ? 'pay-chip-on' : ''}`}
              aria-pressed={tip.customCents === null && tip.percent === preset.percent}
              data-testid={`tip-${preset.percent}`}
              onClick={() => {
                setTip(choosePresetTip(preset.percent));
                setCustomTipText('');
              }}
            >
              {preset.percent}% {preset.label}
            </button>
          ))}
        </div>
        <label className="field">
          <span>{GUEST_PAYMENT_TEXTS.customTip}</span>
          <input
            inputMode="decimal"
            value={customTipText}
            data-testid="tip-custom"
            placeholder="0.00"
            onChange={(e) => {
              setCustomTipText(e.target.value);
              try {
                setTip(chooseCustomTip(toCents(e.target.value || '0')));
              } catch {
                // Not an amount yet: the tip stays as it was until it is one.
              }
            }}
          />
        </label>
      </section>

      <section className="card" data-testid="split">
        <div className="tabs" role="tablist">
          <button
            type="button"
            role="tab"
            aria-selected={mode === 'full'}
            className={`tab ${mode === 'full' ? 'tab-active' : ''}`}
            data-testid="mode-full"
            onClick={() => setMode('full')}
          >
            {GUEST_PAYMENT_TEXTS.payInFull}
          </button>
          <button
            type="button"
            role="tab"
            aria-selected={mode !== 'full'}
            className={`tab ${mode !== 'full' ? 'tab-active' : ''}`}
            data-testid="mode-split"
            onClick={() => setMode(mode === 'full' ? 'even' : mode)}
          >
            {GUEST_PAYMENT_TEXTS.splitBill}
          </button>
        </div>
        {mode !== 'full' ? (
          <>
            <div className="chips">
              {modes.map(([m, label]) => (
                <button
                  key={m}
                  type="button"
                  className={`chip pay-chip ${mode === m ? 'pay-chip-on' : ''}`}
                  aria-pressed={mode === m}
                  data-testid={`split-${m}`}
                  onClick={() => setMode(m)}
                >
                  {label}
                </button>
              ))}
            </div>
            <div className="stepper" data-testid="people">
              <span>{GUEST_PAYMENT_TEXTS.people}</span>
              <button
                type="button"
                className="icon-button"
                aria-label={GUEST_PAYMENT_TEXTS.fewerPeople}
                disabled={people <= SPLIT.minPeople}
                onClick={() => setPeople(people - 1)}
              >
                −
              </button>
              <strong data-testid="people-count">{people}</strong>
              <button
                type="button"
                className="icon-button"
                aria-label={GUEST_PAYMENT_TEXTS.morePeople}
                disabled={people >= SPLIT.maxPeople}
                onClick={() => setPeople(people + 1)}
              >
                +
              </button>
            </div>
            {mode === 'custom' ? (
              <div className="split-custom">
                {persons.map((i) => (
                  <label key={`custom-${i + 1}`} className="field">
                    <span>{GUEST_PAYMENT_TEXTS.person(i + 1)}</span>
                    <input
                      inputMode="decimal"
                      placeholder="0.00"
                      value={custom[i] ?? ''}
                      data-testid={`custom-amount-${i}`}
                      onChange={(e) => {
                        const next = [...custom];
                        next[i] = e.target.value;
                        setCustom(next);
                      }}
                    />
                  </label>
                ))}
                <p className="muted small" data-testid="custom-sum">
                  {GUEST_PAYMENT_TEXTS.splitsAddUp(displayMoney(customSum), displayMoney(total))}
                </p>
              </div>
            ) : null}
            {mode === 'items' ? (
              <div className="split-items">
                <p className="muted small">{GUEST_PAYMENT_TEXTS.itemsWhoHad}</p>
                {bill.items.map((item) => (
                  <div key={item.id} className="split-item" data-testid="split-item">
                    <span>
                      {item.quantity} × {item.name}
                    </span>
                    <div className="chips">
                      {persons.map((p) => (
                        <button
                          key={`${item.id}-${p + 1}`}
                          type="button"
                          className={`chip pay-chip ${assignment.get(item.id)?.includes(p) ? 'pay-chip-on' : ''}`}
                          aria-pressed={Boolean(assignment.get(item.id)?.includes(p))}
                          onClick={() => toggle(item.id, p)}
                        >
                          {p + 1}
                        </button>
                      ))}
                    </div>
                  </div>
                ))}
              </div>
            ) : null}
          </>
        ) : null}
      </section>

      <section className="card" data-testid="method">
        <h2 className="card-title">{GUEST_PAYMENT_TEXTS.paymentMethod}</h2>
        <div className="chips">
          {PAYMENT_METHODS.map((m) => (
            <button
              key={m}
              type="button"
              className={`chip pay-chip ${method === m ? 'pay-chip-on' : ''}`}
              aria-pressed={method === m}
              data-testid={`method-${m}`}
              onClick={() => setMethod(m)}
            >
              {GUEST_PAYMENT_TEXTS.methodLabels[m]}
            </button>
          ))}
        </div>
        {method === 'cash' ? <p className="muted small">{GUEST_PAYMENT_TEXTS.cashHint}</p> : null}
        {method !== 'cash' && bill.demoPayments ? (
          <div className="demo-pay" data-testid="demo-payments">
            <span className="badge">{GUEST_PAYMENT_TEXTS.demoBadge}</span>
            <p className="muted small">{GUEST_PAYMENT_TEXTS.demoHint}</p>
            <label className="field">
              <span>{GUEST_PAYMENT_TEXTS.cardNumber}</span>
              <input
                inputMode="numeric"
                autoComplete="cc-number"
                value={cardNumber}
                data-testid="card-number"
                onChange={(e) => setCardNumber(e.target.value)}
              />
            </label>
          </div>
        ) : null}
      </section>

      {cardToConfirm ? (
        <StripeCardForm
          card={cardToConfirm}
          onRefused={(message) =>
            toast({ title: MESSAGES.paymentFailedTitle, description: message, variant: 'destructive' })
          }
        />
      ) : null}

      <section className="card" data-testid="shares">
        {error ? (
          <p className="error-text" role="alert" data-testid="split-error">
            {error}
          </p>
        ) : null}
        <ul className="share-list">
          {shares.map((share) => {
            const held = holding.get(share.id);
            const paid = held !== undefined;
            const tipShare = held ? toCents(held.tipAmount) : tipFor(share);
            const amountCents = held ? toCents(held.amount) : share.amountCents;
            return (
              <li key={share.id} className="share" data-testid="share" data-paid={paid}>
                <div>
                  <strong>{share.label}</strong>
                  <span className="muted small">
                    {displayMoney(amountCents)}
                    {tipShare > 0 ? ` + ${GUEST_PAYMENT_TEXTS.tip} ${displayMoney(tipShare)}` : ''}
                  </span>
                </div>
                {held ? (
                  <span className={`status ${held.status === 'COMPLETED' ? 'status-delivered' : 'status-sent'}`}>
                    {held.status === 'COMPLETED' ? GUEST_PAYMENT_TEXTS.sharePaid : GUEST_PAYMENT_TEXTS.pending}
                  </span>
                ) : (
                  <button
                    type="button"
                    className="button button-primary"
                    data-testid="pay-share"
                    disabled={pay.isPending || share.amountCents <= 0 || share.amountCents > toCents(bill.left)}
                    onClick={() => submit(share)}
                  >
                    {pay.isPending
                      ? GUEST_PAYMENT_TEXTS.paying
                      : GUEST_PAYMENT_TEXTS.payShare(displayMoney(share.amountCents + tipShare))}
                  </button>
                )}
              </li>
            );
          })}
        </ul>
      </section>
    </>
  );
}
