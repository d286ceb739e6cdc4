import { type KitchenItem, lineTickets } from '@tablewise/shared';
import { expect, it } from 'vitest';
import { keepUnchanged } from './stable-tickets.js';

const item = (n: number, over: Partial<KitchenItem> = {}): KitchenItem =>
  ({
    id: `i${n}`,
    orderId: `o${Math.floor(n / 2)}`,
    menuItem: { name: `Dish ${n}`, station: 'Grill', prepTime: 10 },
    quantity: 1,
    priority: 'normal',
    course: 'main',
    modifiers: [],
    notes: null,
    tableNumber: String(n),
    createdAt: '2026-11-29T19:00:00.000Z',
    fireAt: '2026-11-29T19:00:00.000Z',
    held: false,
    status: 'SENT_TO_KITCHEN',
    ...over,
  }) as KitchenItem;

it('keeps the tickets a re-read did not change as the same objects, and makes anew the one it did', () => {
  const items = [0, 1, 2, 3, 4, 5].map((n) => item(n));
  const first = keepUnchanged([], lineTickets(items, null));
  expect(first).toHaveLength(3);
  // The same items read again: every ticket, and the list itself, are the ones drawn.
  expect(keepUnchanged(first, lineTickets(items, null))).toBe(first);
  // One item moved (a new object; the others as they were): only its ticket is new.
  const moved = items.map((i, n) => (n === 2 ? { ...i, status: 'IN_PREP' as const } : i));
  const next = keepUnchanged(first, lineTickets(moved, null));
  expect(next).not.toBe(first);
  expect(next.map((t, i) => t === first[i])).toEqual([true, false, true]);
  expect(next[1]?.items[0]?.status).toBe('IN_PREP');
  // A ticket gone and one added keep the rest.
  const fewer = keepUnchanged(next, lineTickets([...moved.slice(2), item(8)], null));
  expect(fewer.map((t) => t.key)).toEqual([next[1]?.key, next[2]?.key, expect.any(String)]);
  expect(fewer[0]).toBe(next[1]);
});
