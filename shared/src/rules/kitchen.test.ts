import { describe, expect, it } from 'vitest';
import type { OrderItem } from '../schemas/entities.js';
import { toKitchenItem } from './kitchen.js';

const item: OrderItem = {
  id: '11111111-1111-4111-8111-111111111111',
  orderId: '22222222-2222-4222-8222-222222222222',
  venueId: '33333333-3333-4333-8333-333333333333',
  menuItemId: '44444444-4444-4444-8444-444444444444',
  menuItemName: 'Ribeye',
  station: 'Grill',
  prepTime: 18,
  quantity: 2,
  unitPrice: '32.00',
  totalPrice: '64.00',
  notes: 'medium rare',
  modifiers: [{ groupId: 'g', groupName: 'Side', optionId: 'o', optionName: 'Fries', price: '0.00' }],
  course: 'main',
  status: 'CONFIRMED',
  fireAt: '2025-01-01T19:25:00.000Z',
  createdAt: '2025-01-01T19:00:00.000Z',
  updatedAt: '2025-01-01T19:00:00.000Z',
};

describe('kitchen card of an order item', () => {
  it('shows modifiers by name and is held until its course fires', () => {
    expect(toKitchenItem(item, '12')).toEqual({
      id: item.id,
      orderId: item.orderId,
      menuItem: { name: 'Ribeye', station: 'Grill', prepTime: 18 },
      quantity: 2,
      priority: 'normal',
      course: 'main',
      modifiers: ['Fries'],
      notes: 'medium rare',
      tableNumber: '12',
      createdAt: item.createdAt,
      fireAt: item.fireAt,
      held: true,
      status: 'CONFIRMED',
    });
    expect(toKitchenItem({ ...item, status: 'SENT_TO_KITCHEN' }, null)).toMatchObject({
      held: false,
      tableNumber: null,
    });
  });
});
