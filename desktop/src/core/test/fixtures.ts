// Valid entities for replica tests, built from the shared schemas' shapes.
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { MenuItem, Order, OrderItem, Printer, SnapshotAnswer, Table, Venue } from '@tablewise/shared';

export function tempDir(prefix = 'tw-terminal-'): { dir: string; remove(): void } {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  return { dir, remove: () => rmSync(dir, { recursive: true, force: true }) };
}

export { freePort } from '@tablewise/shared/free-port';

export const VENUE: Venue = {
  id: '11111111-1111-4111-8111-111111111111',
  organizationId: '22222222-2222-4222-8222-222222222222',
  name: 'Test Bistro',
  address: null,
  timezone: 'America/New_York',
  serviceChargeBps: 0,
  taxRateBps: 875,
  currency: 'USD',
};

export function table(overrides: Partial<Table> = {}): Table {
  return {
    id: randomUUID(),
    venueId: VENUE.id,
    name: 'Table 7',
    number: '7',
    shape: 'CIRCLE',
    capacity: 4,
    capacityMin: 1,
    capacityMax: 4,
    xPosition: 0,
    yPosition: 0,
    rotation: 0,
    zone: 'dining',
    isAccessible: false,
    state: 'EMPTY',
    holdExpiresAt: null,
    partyName: null,
    guestCount: null,
    timeSeated: null,
    ...overrides,
  };
}

export function item(orderId: string, overrides: Partial<OrderItem> = {}): OrderItem {
  const at = '2026-06-14T19:00:00.000Z';
  return {
    id: randomUUID(),
    orderId,
    venueId: VENUE.id,
    menuItemId: randomUUID(),
    menuItemName: 'Burger',
    station: 'Grill',
    prepTime: 12,
    quantity: 1,
    unitPrice: '14.50',
    totalPrice: '14.50',
    notes: null,
    modifiers: [{ groupId: 'g1', groupName: 'Doneness', optionId: 'o1', optionName: 'Medium rare', price: '0.00' }],
    course: 'main',
    status: 'SENT_TO_KITCHEN',
    fireAt: at,
    createdAt: at,
    updatedAt: at,
    ...overrides,
  };
}

export function order(
  tableId: string | null,
  items: (orderId: string) => OrderItem[],
  overrides: Partial<Order> = {},
): Order {
  const id = overrides.id ?? randomUUID();
  return {
    id,
    venueId: VENUE.id,
    sessionId: randomUUID(),
    tableId,
    tableName: 'Table 7',
    status: 'CONFIRMED',
    subtotal: '14.50',
    tax: '1.27',
    total: '15.77',
    createdAt: '2026-06-14T19:00:00.000Z',
    priority: 'normal',
    ...overrides,
    items: items(id),
  };
}

export function menuItem(overrides: Partial<MenuItem> = {}): MenuItem {
  return {
    id: randomUUID(),
    venueId: VENUE.id,
    name: 'Burger',
    description: null,
    price: '14.50',
    category: 'Mains',
    isAvailable: true,
    imageUrl: null,
    allergens: ['gluten'],
    prepTime: 12,
    calories: null,
    isVegetarian: false,
    isVegan: false,
    isGlutenFree: false,
    isSpicy: false,
    isPopular: true,
    temperature: null,
    isFragile: false,
    sortOrder: 0,
    station: 'Grill',
    modifiersSchema: [],
    ...overrides,
  };
}

export function printer(terminalId: string | null, overrides: Partial<Printer> = {}): Printer {
  return {
    id: randomUUID(),
    venueId: VENUE.id,
    name: 'Grill Printer',
    location: 'Kitchen',
    type: 'thermal',
    station: 'Grill',
    connection: 'tcp',
    host: '127.0.0.1',
    port: 9100,
    terminalId,
    status: 'ONLINE',
    backupPrinterId: null,
    ...overrides,
  };
}

export function snapshot(parts: Partial<SnapshotAnswer> = {}): SnapshotAnswer {
  return {
    seq: 0,
    epoch: 'epoch-1',
    venue: VENUE,
    tables: [],
    menuItems: [],
    sessions: [],
    orders: [],
    printers: [],
    waitlist: [],
    ticketed: [],
    reservations: [],
    runnerOrders: [],
    runners: [],
    ...parts,
  } as SnapshotAnswer;
}
