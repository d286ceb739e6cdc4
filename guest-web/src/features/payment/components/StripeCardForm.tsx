// The card form for a share paid through Stripe: the payment is recorded PENDING with a
// PaymentIntent, and this form confirms that intent with Stripe.js (its Payment Element, loaded
// only now and only from Stripe, so the check-in page never carries it). The card number goes
// from the Element to Stripe, never through this site. Once Stripe accepts the card, the cloud
// hears it from Stripe's webhook and the bill turns paid live; a card the bank refuses can be
// tried again in the same form (the intent waits for another card).
import type { Stripe, StripeElements, StripePaymentElement } from '@stripe/stripe-js';
import { GUEST_PAYMENT_TEXTS, MESSAGES } from '@tablewise/shared';
import { useEffect, useRef, useState } from 'react';

export interface CardToConfirm {
  clientSecret: string;
  publishableKey: string;
  /** What the guest confirms, shown on the button ("$12.34"). */
  amountLabel: string;
}

type FormState = 'loading' | 'ready' | 'confirming' | 'awaiting' | 'unavailable';

export function StripeCardForm({ card, onRefused }: { card: CardToConfirm; onRefused: (message: string) => void }) {
  const host = useRef<HTMLDivElement>(null);
  const loaded = useRef<{ stripe: Stripe; elements: StripeElements } | null>(null);
  const [state, setState] = useState<FormState>('loading');
  const [problem, setProblem] = useState<string | null>(null);

  useEffect(() => {
    let gone = false;
    let element: StripePaymentElement | null = null;
    void (async () => {
      try {
        // The pure entry loads Stripe.js when asked, not when this module is imported.
        const { loadStripe } = await import('@stripe/stripe-js/pure');
        const stripe = await loadStripe(card.publishableKey);
        if (!stripe) throw new Error('Stripe.js did not load');
        if (gone || !host.current) return;
        const elements = stripe.elements({ clientSecret: card.clientSecret });
        element = elements.create('payment');
        element.mount(host.current);
        loaded.current = { stripe, elements };
        setState('ready');
      } catch {
        if (!gone) setState('unavailable');
      }
    })();
    return () => {
      gone = true;
      element?.destroy();
      loaded.current = null;
    };
  }, [card.clientSecret, card.publishableKey]);

  const confirm = async () => {
    const ready = loaded.current;
    if (!ready) return;
    setState('confirming');
    setProblem(null);
    const result = await ready.stripe.confirmPayment({
      elements: ready.elements,
      // Cards that need the bank's page (3-D Secure) come back to this bill.
      confirmParams: { return_url: window.location.href },
      redirect: 'if_required',
    });
    if (result.error) {
      const message = result.error.message ?? MESSAGES.paymentFailed;
      setProblem(message);
      setState('ready');
      onRefused(message);
      return;
    }
    setState('awaiting');
  };

  return (
    <section className="card" data-testid="card-form" data-state={state}>
      <h2 className="card-title">{GUEST_PAYMENT_TEXTS.cardFormTitle}</h2>
      <p className="muted small">{GUEST_PAYMENT_TEXTS.cardFormHint}</p>
      <div ref={host} className="card-element" data-testid="card-element" />
      {state === 'unavailable' ? (
        <p className="error-text" role="alert" data-testid="card-form-unavailable">
          {GUEST_PAYMENT_TEXTS.cardFormUnavailable}
        </p>
      ) : null}
      {problem ? (
        <p className="error-text" role="alert" data-testid="card-form-error">
          {problem}
        </p>
      ) : null}
      {state === 'awaiting' ? (
        <p className="muted" role="status" data-testid="card-awaiting">
          {GUEST_PAYMENT_TEXTS.cardAwaiting}
        </p>
      ) : (
        <button
          type="button"
          className="button button-primary button-block"
          data-testid="card-confirm"
          disabled={state !== 'ready'}
          onClick={() => void confirm()}
        >
          {state === 'confirming'
            ? GUEST_PAYMENT_TEXTS.confirmingCard
            : GUEST_PAYMENT_TEXTS.confirmCard(card.amountLabel)}
        </button>
      )}
    </section>
  );
}
