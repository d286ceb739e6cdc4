// The guest's cart: local UI state, mirrored to localStorage per dining session so a reload or a
// failed order never loses what the guest chose.
import { CartLine } from '@tablewise/shared';
import { useCallback, useEffect, useState } from 'react';
import { z } from 'zod';
import { readJson, STORAGE_KEYS, writeJson } from '../../app/storage.js';
import { newUuid } from '../../app/uuid.js';

export const CartEntry = z.object({
  key: z.string(),
  /** The dish's name when it was added, shown even if the menu has not loaded. */
  name: z.string(),
  line: CartLine,
});
export type CartEntry = z.infer<typeof CartEntry>;
export type CartLineChoice = CartEntry['line'];

function sameChoice(a: CartLineChoice, b: CartLineChoice): boolean {
  return (
    a.menuItemId === b.menuItemId &&
    a.course === b.course &&
    (a.specialInstructions ?? '') === (b.specialInstructions ?? '') &&
    JSON.stringify(a.modifiers) === JSON.stringify(b.modifiers)
  );
}

export function useCart(sessionId: string | null) {
  const storageKey = STORAGE_KEYS.cart(sessionId ?? 'none');
  const [entries, setEntries] = useState<CartEntry[]>(() => readJson(storageKey, z.array(CartEntry)) ?? []);

  useEffect(() => {
    writeJson(storageKey, entries);
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
