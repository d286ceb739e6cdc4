// The guest's cart, and the order made from it until the cloud confirms it. The cart is UI state:
// this tab keeps it in sessionStorage so a reload does not empty it. An order the guest pressed
// Place Order for is kept in localStorage until the cloud answers, so a press after a lost answer
// resends the same order id and Idempotency-Key (the cloud answers with the first result instead
// of making a second order), and a tab closed meanwhile finds the cart again.
import { CartLine, CreateOrderRequest } from '@tablewise/shared';
import { useCallback, useEffect, useState } from 'react';
import { z } from 'zod';
import { readJson, remove, STORAGE_KEYS, TAB_STORAGE_KEYS, writeJson } from '../../app/storage.js';
import { newUuid } from '../../app/uuid.js';

export const CartEntry = z.object({
  key: z.string(),
  /** The dish's name when it was added, shown even if the menu has not loaded. */
  name: z.string(),
  line: CartLine,
});
export type CartEntry = z.infer<typeof CartEntry>;
export type CartLineChoice = CartEntry['line'];

/** One placing attempt: the Idempotency-Key, the cart it was made from, and the exact body sent. */
export const OrderAttempt = z.object({
  key: z.uuid(),
  /** The cart's lines as sent; a changed cart is a new attempt. */
  fingerprint: z.string(),
  entries: z.array(CartEntry),
  body: CreateOrderRequest,
});
export type OrderAttempt = z.infer<typeof OrderAttempt>;

function fingerprintOf(entries: readonly CartEntry[]): string {
  return JSON.stringify(entries.map((e) => e.line));
}

function pendingAttempt(sessionId: string): OrderAttempt | null {
  return readJson(STORAGE_KEYS.orderAttempt(sessionId), OrderAttempt);
}

/**
 * The attempt to send for this cart: the unconfirmed one if it was made for these very lines
 * (the cloud may have created that order already), else a new one, stored before it is sent.
 */
export function orderAttempt(sessionId: string, entries: readonly CartEntry[]): OrderAttempt {
  const fingerprint = fingerprintOf(entries);
  const pending = pendingAttempt(sessionId);
  if (pending && pending.fingerprint === fingerprint) return pending;
  const attempt: OrderAttempt = {
    key: newUuid(),
    fingerprint,
    entries: [...entries],
    body: { id: newUuid(), sessionId, items: entries.map((e) => e.line) },
  };
  writeJson(STORAGE_KEYS.orderAttempt(sessionId), attempt);
  return attempt;
}

/** The cloud answered the attempt (with the order, or with a final refusal): nothing to resend. */
export function forgetOrderAttempt(sessionId: string): void {
  remove(STORAGE_KEYS.orderAttempt(sessionId));
}

function sameChoice(a: CartLineChoice, b: CartLineChoice): boolean {
  return (
    a.menuItemId === b.menuItemId &&
    a.course === b.course &&
    (a.specialInstructions ?? '') === (b.specialInstructions ?? '') &&
    JSON.stringify(a.modifiers) === JSON.stringify(b.modifiers)
  );
}

function storedCart(sessionId: string | null): CartEntry[] {
  const inTab = readJson(TAB_STORAGE_KEYS.cart(sessionId ?? 'none'), z.array(CartEntry), 'session');
  if (inTab) return inTab;
  return (sessionId ? pendingAttempt(sessionId)?.entries : null) ?? [];
}

export function useCart(sessionId: string | null) {
  const storageKey = TAB_STORAGE_KEYS.cart(sessionId ?? 'none');
  const [entries, setEntries] = useState<CartEntry[]>(() => storedCart(sessionId));

  useEffect(() => {
    writeJson(storageKey, entries, 'session');
  }, [storageKey, entries]);

  /** Adds a line; the same dish with the same choices just raises the quantity. */
  const add = useCallback((name: string, line: CartLineChoice) => {
    setEntries((current) => {
      const same = current.find((e) => sameChoice(e.line, line));
      if (!same) return [...current, { key: newUuid(), name, line }];
      return current.map((e) =>
        e === same ? { ...e, line: { ...e.line, quantity: e.line.quantity + line.quantity } } : e,
      );
    });
  }, []);

  const setQuantity = useCallback((key: string, quantity: number) => {
    if (!Number.isInteger(quantity) || quantity < 1) return;
    setEntries((current) => current.map((e) => (e.key === key ? { ...e, line: { ...e.line, quantity } } : e)));
  }, []);

  const removeLine = useCallback((key: string) => {
    setEntries((current) => current.filter((e) => e.key !== key));
  }, []);

  const clear = useCallback(() => setEntries([]), []);

  return { entries, add, setQuantity, removeLine, clear };
}
