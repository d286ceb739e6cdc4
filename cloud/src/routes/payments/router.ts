// The bill and its payments (issue 11): guests pay at the table, staff close out, Stripe confirms.
import {
  cancelCashShare as cancelCashShareCall,
  GUEST_SESSION_COOKIE,
  getSessionBill,
  guestCheckout,
  listPayments,
  listVenuePayments,
  MESSAGES,
  PAYMENT_MESSAGES,
  phoneNotApproved,
  printReceiptAtVenue,
  processPayment as processPaymentCall,
  stripeWebhook,
  takeTablePayment,
  updateOrderPayment,
} from '@tablewise/shared';
import Stripe from 'stripe';
import {
  cancelCashShare,
  changeOrderPayment,
  checkout,
  confirmIntent,
  processPayment,
  recentlyDeparted,
  sessionBill,
  takePayment,
  venuePayments,
} from '../../commands/payments.js';
import { requestReceiptPrint } from '../../commands/receipt-print.js';
import type { AppDeps, GuestActor, StaffActor } from '../../context.js';
import { badRequest, notFound, unauthorized } from '../../errors.js';
import { requirePayer, requireVenueActor } from '../../policies/principals.js';
import { writeTransaction } from '../../realtime/append-event.js';
import { findSession } from '../../repositories/sessions.js';
import { verifyGuestCookie } from '../../security/tokens.js';
import { type AppRouter, type Ctx, mutate, newRouter, ok, serve } from '../http.js';
import { pushable, servePushable } from '../pushable.js';
import { paymentLimits } from './payment-limits.js';

/** A guest paying their own bill, or staff paying it for them. */
function payer(ctx: Ctx): GuestActor | StaffActor {
  const { guest, staff, waitingPhone } = ctx.state.principals;
  // A phone waiting to join the party may pay its bill (issue 27); one turned away may not.
  const actor = guest ?? staff ?? (waitingPhone && !waitingPhone.declined ? waitingPhone : undefined);
  if (!actor) {
    if (waitingPhone) throw phoneNotApproved(true);
    throw unauthorized(MESSAGES.guestSessionRequired);
  }
  return actor;
}

/** The guest at the exit: a party whose session is open, or another of its phones leaving after
 * the first one closed it (the checkout answers that phone the receipt again, nothing more). */
async function leavingGuest(deps: AppDeps, ctx: Ctx): Promise<GuestActor> {
  const open = ctx.state.principals.guest;
  if (open) return open;
  const cookie = ctx.cookies.get(GUEST_SESSION_COOKIE);
  const sessionId = cookie ? verifyGuestCookie(deps.secret, cookie) : null;
  const session = sessionId ? await findSession(deps.db, sessionId) : undefined;
  if (!session || !recentlyDeparted(session, deps.now())) throw unauthorized(MESSAGES.guestSessionRequired);
  return {
    kind: 'guest',
    sessionId: session.id,
    orgId: session.org_id,
    venueId: session.venue_id,
    tableId: session.table_id,
  };
}

/** Staff take cash or a card-terminal payment, on the cloud or through a terminal's outbox (cash
 * taken while the cloud was away). */
export const paymentTaken = pushable(takeTablePayment, async (deps, actor, { body }, trx) =>
  ok(await takePayment(trx, deps, actor, await body()), 201),
);

export function paymentsRouter(deps: AppDeps): AppRouter {
  const router = newRouter();
  const attempts = paymentLimits(deps.limits);

  serve(router, getSessionBill, async ({ ctx, params }) => {
    const actor = requirePayer(ctx);
    const bill = await sessionBill(deps, actor, params().sessionId);
    // A phone not let in to the party pays the amount; what the party ordered stays the party's.
    return actor === ctx.state.principals.waitingPhone ? { ...bill, items: [], orderIds: [] } : bill;
  });

  serve(router, processPaymentCall, async ({ ctx, body }) => {
    const actor = payer(ctx);
    const input = await body();
    await attempts.attempt(ctx, input.sessionId);
    await mutate(ctx, deps, actor, async (trx) => {
      const outcome = await processPayment(trx, deps, actor, input);
      if (!outcome.ok) await attempts.failed(input.sessionId);
      // A refused card is recorded (a FAILED payment staff can retry) and answered as refused.
      return outcome.ok ? ok(outcome.answer) : ok(outcome.error.body(), outcome.error.status);
    });
    return undefined;
  });

  serve(router, cancelCashShareCall, async ({ ctx, params }) => {
    const actor = payer(ctx);
    const { paymentId } = params();
    await mutate(ctx, deps, actor, async (trx) => ok(await cancelCashShare(trx, deps, actor, paymentId)));
    return undefined;
  });

  serve(router, listPayments, async ({ ctx }) => venuePayments(deps.db, requireVenueActor(ctx).venueId));
  serve(router, listVenuePayments, async ({ ctx }) => venuePayments(deps.db, requireVenueActor(ctx).venueId));

  serve(router, updateOrderPayment, async ({ ctx, params, body }) => {
    const actor = requireVenueActor(ctx);
    const { orderId } = params();
    const input = await body();
    await mutate(ctx, deps, actor, async (trx) => ok(await changeOrderPayment(trx, deps, actor, orderId, input)));
    return undefined;
  });

  servePushable(router, deps, paymentTaken);

  serve(router, guestCheckout, async ({ ctx, body }) => {
    const guest = await leavingGuest(deps, ctx);
    const input = await body();
    await mutate(ctx, deps, guest, async (trx) =>
      ok({ success: true, receipt: await checkout(trx, deps, guest, input) }),
    );
    return undefined;
  });

  // 'Print at the venue' on the receipt: the phone that checked out, for a while after.
  serve(router, printReceiptAtVenue, async ({ ctx, body }) => {
    const guest = await leavingGuest(deps, ctx);
    const input = await body();
    await mutate(ctx, deps, guest, async (trx) => ok(await requestReceiptPrint(trx, deps, guest, input), 202));
    return undefined;
  });

  serve(router, stripeWebhook, async ({ ctx, body }) => {
    const stripe = deps.payments?.stripe;
    if (!stripe) throw notFound('Webhook');
    const raw = await body();
    let update: ReturnType<typeof stripe.verifyWebhook>;
    try {
      update = stripe.verifyWebhook(raw, ctx.get('Stripe-Signature'));
    } catch (error) {
      if (error instanceof Stripe.errors.StripeSignatureVerificationError) {
        throw badRequest(PAYMENT_MESSAGES.webhookSignatureInvalid, 'webhook_signature_invalid');
      }
      throw error;
    }
    if (update) {
      const change = update;
      await writeTransaction(deps.db, (trx) => confirmIntent(trx, deps, change));
    }
    return { received: true as const };
  });

  return router;
}
