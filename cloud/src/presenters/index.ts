// Rows to the shared schemas' shapes. Every answer the API gives goes through one of these.
import {
  type ChosenModifier,
  type DiningSession,
  type ItemFacts,
  type MenuItem,
  ModifierGroup,
  type Order,
  type OrderFacts,
  type OrderItem,
  type Printer,
  type PrintJob,
  type Reservation,
  type Table,
  type Terminal,
  type User,
  type Venue,
  type WaitlistEntry,
} from '@tablewise/shared';
import { z } from 'zod';
import type {
  MenuItemRow,
  OrderItemRow,
  OrderRow,
  PrinterRow,
  PrintJobRow,
  ReservationRow,
  SessionRow,
  TableRow,
  TerminalRow,
  UserRow,
  VenueRow,
  WaitlistRow,
} from '../repositories/rows.js';

const iso = (d: Date) => d.toISOString();
const isoOrNull = (d: Date | null) => (d ? d.toISOString() : null);
/** numeric(12,2) comes back as "12.50" already; this keeps the wire format when a driver differs. */
const money = (v: string | number) => (typeof v === 'number' ? v.toFixed(2) : v);

export function presentUser(row: UserRow): User {
  return { id: row.id, email: row.email, firstName: row.first_name, lastName: row.last_name };
}

export function presentVenue(row: VenueRow): Venue {
  return {
    id: row.id,
    organizationId: row.org_id,
    name: row.name,
    address: row.address,
    timezone: row.tz,
    serviceChargeBps: row.service_charge_bps,
    taxRateBps: row.tax_rate_bps,
    currency: row.currency,
  };
}

export function presentTerminal(row: TerminalRow): Terminal {
  return { id: row.id, venueId: row.venue_id, name: row.name, revokedAt: isoOrNull(row.revoked_at) };
}

export function presentTable(row: TableRow): Table {
  return {
    id: row.id,
    venueId: row.venue_id,
    name: row.name,
    number: row.number,
    shape: row.shape as Table['shape'],
    capacity: row.capacity,
    capacityMin: row.capacity_min,
    capacityMax: row.capacity_max,
    xPosition: Number(row.x_position),
    yPosition: Number(row.y_position),
    rotation: Number(row.rotation),
    zone: row.zone,
    isAccessible: row.is_accessible,
    state: row.state as Table['state'],
    holdExpiresAt: isoOrNull(row.hold_expires_at),
    partyName: row.party_name,
    guestCount: row.guest_count,
    timeSeated: isoOrNull(row.time_seated),
  };
}

const ModifierGroups = z.array(ModifierGroup);

/** The item's modifier groups; a malformed stored schema shows as none rather than failing the menu. */
export function modifierGroupsOf(row: MenuItemRow): MenuItem['modifiersSchema'] {
  const parsed = ModifierGroups.safeParse(row.modifiers_schema);
  return parsed.success ? parsed.data : [];
}

/** modifierGroupsOf for the stored schema's JSON text (the order path reads it so, to check each text once). */
export function modifierGroupsOfJson(text: string): MenuItem['modifiersSchema'] {
  const parsed = ModifierGroups.safeParse(JSON.parse(text));
  return parsed.success ? parsed.data : [];
}

/** A dish's temperature as the runners read it: hot, cold, or null for anything else. */
function temperatureOf(value: string | null | undefined): MenuItem['temperature'] {
  return value === 'hot' || value === 'cold' ? value : null;
}

export function presentMenuItem(row: MenuItemRow): MenuItem {
  return {
    id: row.id,
    venueId: row.venue_id,
    name: row.name,
    description: row.description,
    price: money(row.price),
    category: row.category,
    isAvailable: row.is_available,
    imageUrl: row.image_url,
    allergens: row.allergens ?? [],
    prepTime: row.prep_time,
    calories: row.calories,
    isVegetarian: row.is_vegetarian,
    isVegan: row.is_vegan,
    isGlutenFree: row.is_gluten_free,
    isSpicy: row.is_spicy,
    isPopular: row.is_popular,
    sortOrder: row.sort_order,
    temperature: temperatureOf(row.temperature),
    isFragile: row.is_fragile ?? false,
    station: row.station,
    modifiersSchema: modifierGroupsOf(row),
  };
}

export function presentSession(row: SessionRow): DiningSession {
  return {
    id: row.id,
    venueId: row.venue_id,
    tableId: row.table_id,
    partySize: row.party_size,
    guestName: row.guest_name,
    status: row.status as DiningSession['status'],
    startedAt: iso(row.started_at),
    closedAt: isoOrNull(row.closed_at),
  };
}

export function presentWaitlistEntry(row: WaitlistRow): WaitlistEntry {
  return {
    id: row.id,
    venueId: row.venue_id,
    guestName: row.guest_name,
    phone: row.phone,
    email: row.email,
    partySize: row.party_size,
    quotedMinWait: row.quoted_min_wait,
    quotedMaxWait: row.quoted_max_wait,
    position: row.position,
    status: row.status as WaitlistEntry['status'],
    needsAccessibility: row.needs_accessibility,
    needsHighChair: row.needs_high_chair,
    occasion: row.occasion,
    notifiedAt: isoOrNull(row.notified_at),
    seatedAt: isoOrNull(row.seated_at),
    createdAt: iso(row.created_at),
    sessionId: row.session_id ?? null,
  };
}

export function presentOrderItem(row: OrderItemRow): OrderItem {
  return {
    id: row.id,
    orderId: row.order_id,
    venueId: row.venue_id,
    menuItemId: row.menu_item_id,
    menuItemName: row.menu_item_name,
    station: row.station,
    prepTime: row.prep_time,
    quantity: row.quantity,
    unitPrice: money(row.unit_price),
    totalPrice: money(row.total_price),
    notes: row.notes,
    modifiers: (row.modifiers_json ?? []) as ChosenModifier[],
    course: row.course as OrderItem['course'],
    status: row.status as OrderItem['status'],
    fireAt: iso(row.fire_at),
    createdAt: iso(row.created_at),
    updatedAt: iso(row.updated_at),
  };
}

/** An order item with its place in the order, for the shared answer builders. */
export function itemFacts(row: OrderItemRow): ItemFacts {
  return { ...presentOrderItem(row), sortOrder: row.sort_order };
}

export function orderFacts(row: OrderRow): OrderFacts {
  return {
    id: row.id,
    venueId: row.venue_id,
    sessionId: row.session_id,
    tableId: row.table_id,
    tableName: row.table_name,
    status: row.status as Order['status'],
    subtotal: money(row.subtotal),
    tax: money(row.tax),
    total: money(row.total),
    createdAt: iso(row.created_at),
    priority: row.priority as Order['priority'],
    sessionActive: row.session_status === 'ACTIVE',
  };
}

export function presentPrintJob(row: PrintJobRow): PrintJob {
  return {
    id: row.id,
    printerId: row.printer_id,
    printerName: row.printer_name,
    type: row.type as PrintJob['type'],
    status: row.status as PrintJob['status'],
    data: row.data,
    attempts: row.attempts,
    reprint: row.reprint,
    error: row.error,
    createdAt: iso(row.created_at),
    updatedAt: iso(row.updated_at),
  };
}

export function presentPrinter(row: PrinterRow): Printer {
  return {
    id: row.id,
    venueId: row.venue_id,
    name: row.name,
    location: row.location,
    type: row.type,
    station: row.station,
    connection: row.connection as Printer['connection'],
    host: row.host,
    port: row.port,
    terminalId: row.terminal_id,
    status: row.status as Printer['status'],
    backupPrinterId: row.backup_printer_id,
  };
}

export function presentReservation(row: ReservationRow): Reservation {
  const contact = row.guest_contact;
  const prefs = row.preferences_json;
  return {
    id: row.id,
    venueId: row.venue_id,
    guestContact: { name: contact.name ?? '', phone: contact.phone ?? '', email: contact.email ?? '' },
    slotStart: iso(row.slot_start),
    slotEnd: iso(row.slot_end),
    partySize: row.party_size,
    status: row.status as Reservation['status'],
    preferencesJson: {
      needsAccessibility: prefs.needsAccessibility ?? false,
      needsHighChair: prefs.needsHighChair ?? false,
      occasion: prefs.occasion ?? '',
      specialRequests: prefs.specialRequests ?? '',
    },
    source: row.source,
    lockedTableIds: row.locked_table_ids,
    checkedInAt: isoOrNull(row.checked_in_at),
    createdAt: iso(row.created_at),
  };
}
