import { describe, expect, it } from 'vitest';
import type { Order, OrderItem } from '../../schemas/entities.js';
import { orderItemId } from '../orders/create-order.js';
import { cancelRefusal, orderWithoutItem } from './cancel-order-item.js';

const now = new Date('2026-11-25T20:00:00.000Z');
const minutes = (n: number) => new Date(now.getTime() + n * 60_000).toISOString();

describe('cancelRefusal', () => {
  it.each([
    ['CONFIRMED', minutes(10), null],
    ['CREATED', minutes(1), null],
    // Its course is due: the firer sends it any moment, so it counts as fired.
    ['CONFIRMED', minutes(0), 'Cake has already been sent to the kitchen and cannot be cancelled'],
    ['SENT_TO_KITCHEN', minutes(10), 'Cake has already been sent to the kitchen and cannot be cancelled'],
    ['IN_PREP', minutes(-5), 'Cake has already been sent to the kitchen and cannot be cancelled'],
    ['READY_FOR_RUN', minutes(-5), 'Cake has already been sent to the kitchen and cannot be cancelled'],
  ] as const)('%s firing at %s: %s', (status, fireAt, refusal) => {
    expect(cancelRefusal({ status, fireAt, menuItemName: 'Cake' }, now)).toBe(refusal);
  });
});

describe('orderWithoutItem', () => {
  const line = (id: string, totalPrice: string) => ({ id, totalPrice }) as OrderItem;
  const order = {
    id: 'o',
    items: [line('a', '7.00'), line('b', '3.50'), line('c', '0.45')],
    subtotal: '10.95',
    tax: '0.96',
    total: '11.91',
  } as Order;

  it('prices the bill again from the lines left, tax rounded once half up', () => {
    // 3.95 × 8.75 % = 0.345625 → 0.35.
    expect(orderWithoutItem(order, 'a')).toMatchObject({ subtotal: '3.95', tax: '0.35', total: '4.30' });
    expect(orderWithoutItem(order, 'a').items.map((i) => i.id)).toEqual(['b', 'c']);
    expect(orderWithoutItem(order, 'zzz')).toMatchObject({ subtotal: '10.95', total: '11.91' });
  });
});

describe('orderItemId', () => {
  it('names each line of an order alike on every tier, and never twice', () => {
    const orderId = '1d17c2bd-0000-4000-8000-ffffffff0000';
    const ids = Array.from({ length: 100 }, (_, i) => orderItemId(orderId, i));
    expect(new Set(ids).size).toBe(100);
    expect(ids).not.toContain(orderId);
    expect(orderItemId(orderId, 0)).toBe('1d17c2bd-0000-4000-8000-ffffffff0001');
    expect(orderItemId(orderId.toUpperCase(), 0)).toBe(orderItemId(orderId, 0));
    for (const id of ids) expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
  });
});
