// A payment on a dining session's bill (spec 2 section 2.8, spec 3 section 3; issue 11).
import { z } from 'zod';
import { DEFAULT_TIMEZONE, PAYMENT_METHODS, PAYMENT_PROVIDERS, PAYMENT_STATUSES } from '../constants.js';
import { Id, IsoDateTime, Money } from './common.js';

export const PaymentMethod = z.enum(PAYMENT_METHODS);
export type PaymentMethod = z.infer<typeof PaymentMethod>;

export const Payment = z.object({
  id: Id,
  venueId: Id,
  /** The session's order it was taken against (the latest when it was taken); staff verify by it. */
  orderId: Id.nullable(),
  sessionId: Id.nullable(),
  tableName: z.string().nullable(),
  /** The share of the bill it pays, tip not included. */
  amount: Money,
  tipAmount: Money,
  currency: z.string(),
  status: z.enum(PAYMENT_STATUSES),
  paymentMethod: PaymentMethod.nullable(),
  /** Who takes the money: staff at the venue, the demo, Stripe. */
  provider: z.enum(PAYMENT_PROVIDERS),
  /** The split it pays (the client's split id): one split is paid once. */
  splitId: z.string().nullable(),
  splitLabel: z.string().nullable(),
  splitItems: z.array(z.string()),
  paymentIntentId: z.string().nullable(),
  createdAt: IsoDateTime,
  paidAt: IsoDateTime.nullable(),
});
export type Payment = z.infer<typeof Payment>;

/** One line of the bill (spec 3 section 3's bill items). */
const BillItem = z.object({
  id: Id,
  orderId: Id,
  name: z.string(),
  quantity: z.number().int(),
  price: Money,
  totalPrice: Money,
  modifiers: z.array(z.object({ name: z.string(), price: Money })),
  notes: z.string().nullable(),
});

/** A session's bill: every order's lines, totals computed once, what is paid and left. */
export const Bill = z.object({
  sessionId: Id,
  tableId: Id.nullable(),
  tableName: z.string().nullable(),
  /** Changes when what is owed changes; a payment names the version it was priced on. */
  version: z.string(),
  orderIds: z.array(Id),
  items: z.array(BillItem),
  subtotal: Money,
  tax: Money,
  /** The venue's tax rate the tax was priced at, in basis points (issue 24); an older answer: 8.75 %. */
  taxRateBps: z.number().int().min(0).max(10_000).default(875),
  serviceCharge: Money,
  total: Money,
  paid: Money,
  pending: Money,
  left: Money,
  tips: Money,
  payments: z.array(Payment),
  /** True once completed payments cover the total. */
  complete: z.boolean(),
  currency: z.string(),
  /** The demo provider takes cards here (the embedded demo only): the page says so. */
  demoPayments: z.boolean(),
});
export type Bill = z.infer<typeof Bill>;

/** The digital receipt (spec 3 section 3). */
export const Receipt = z.object({
  session: z.object({
    id: Id,
    tableNumber: z.string().nullable(),
    duration: z.number().int().min(0),
    checkinTime: IsoDateTime,
    checkoutTime: IsoDateTime,
  }),
  orders: z.array(
    z.object({
      id: Id,
      menuItemName: z.string(),
      notes: z.string().nullable(),
      quantity: z.number().int(),
      unitPrice: Money,
      totalPrice: Money,
    }),
  ),
  payment: z.object({
    subtotal: Money,
    tax: Money,
    serviceCharge: Money,
    tip: Money,
    total: Money,
    paymentMethod: z.string(),
    amountPaid: Money,
  }),
  venueName: z.string(),
  /** The venue's time zone, the clock its times are read on (issue 22, item 12). */
  timeZone: z.string().default(DEFAULT_TIMEZONE),
});
export type Receipt = z.infer<typeof Receipt>;
