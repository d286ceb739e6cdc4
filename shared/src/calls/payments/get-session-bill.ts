import { z } from 'zod';
import { billCents, billVersion } from '../../rules/bill.js';
import { formatCents, toCents } from '../../rules/money.js';
import { Id } from '../../schemas/common.js';
import type { Order } from '../../schemas/entities.js';
import { Bill, type Payment } from '../../schemas/payment.js';
import { defineCall } from '../define.js';

/** A dining session's bill (spec 3 sections 2 and 7): its guests, or staff closing it out. */
export const getSessionBill = defineCall({
  method: 'GET',
  path: '/api/orders/payment/:sessionId',
  summary: "A dining session's bill: every order's lines, subtotal, tax, service charge, total, paid and left",
  audience: ['guest', 'staff', 'terminal'],
  // The terminal answers from its replica: the session's orders, the payments the cloud's events
  // carried, its own cash still waiting, and the venue's service charge.
  tiers: ['cloud', 'terminal'],
  params: z.object({ sessionId: Id }),
  entity: 'Order',
  answer: Bill,
  staleOn: ['order.created', 'payment.status.changed', 'payment.completed'],
});

/** What either tier knows of a session to bill it. */
export interface BillFacts {
  sessionId: string;
  tableId: string | null;
  tableName: string | null;
  /** The session's orders with their items, oldest first. */
  orders: readonly Order[];
  /** The session's payments, in any order: the bill lists them oldest first. */
  payments: readonly Payment[];
  serviceChargeBps: number;
  /** The venue's tax rate in basis points (issue 24). */
  taxRateBps: number;
  currency: string;
  demoPayments: boolean;
}

const oldestFirst = (a: Payment, b: Payment) =>
  Date.parse(a.createdAt) - Date.parse(b.createdAt) || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);

/** The one rule for the bill: lines of every order, totals in cents once, paid and left. */
export function billAnswer(facts: BillFacts): Bill {
  const items = facts.orders.flatMap((o) => o.items);
  const totals = billCents(
    items.map((i) => ({
      id: i.id,
      orderId: i.orderId,
      name: i.menuItemName,
      quantity: i.quantity,
      totalCents: toCents(i.totalPrice),
    })),
    facts.serviceChargeBps,
    facts.payments.map((p) => ({ status: p.status, amountCents: toCents(p.amount) })),
    facts.taxRateBps,
  );
  const tips = facts.payments.filter((p) => p.status === 'COMPLETED').reduce((sum, p) => sum + toCents(p.tipAmount), 0);
  return {
    sessionId: facts.sessionId,
    tableId: facts.tableId,
    tableName: facts.tableName,
    version: billVersion(facts.orders.length, totals),
    orderIds: facts.orders.map((o) => o.id),
    items: items.map((i) => ({
      id: i.id,
      orderId: i.orderId,
      name: i.menuItemName,
      quantity: i.quantity,
      price: i.unitPrice,
      totalPrice: i.totalPrice,
      modifiers: i.modifiers.map((m) => ({ name: m.optionName, price: m.price })),
      notes: i.notes,
    })),
    subtotal: formatCents(totals.subtotal),
    tax: formatCents(totals.tax),
    taxRateBps: facts.taxRateBps,
    serviceCharge: formatCents(totals.serviceCharge),
    total: formatCents(totals.total),
    paid: formatCents(totals.paid),
    pending: formatCents(totals.pending),
    left: formatCents(totals.left),
    tips: formatCents(tips),
    payments: [...facts.payments].sort(oldestFirst),
    complete: totals.total > 0 && totals.paid >= totals.total,
    currency: facts.currency,
    demoPayments: facts.demoPayments,
  };
}
