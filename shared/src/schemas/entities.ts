import { z } from 'zod';
import {
  COURSES,
  ITEM_TEMPERATURES,
  ORDER_ITEM_STATES,
  ORDER_PRIORITIES,
  ORDER_STATES,
  PRINT_JOB_STATUSES,
  PRINT_JOB_TYPES,
  PRINTER_CONNECTIONS,
  PRINTER_STATUSES,
  RESERVATION_STATUSES,
  ROLES,
  SESSION_STATUSES,
  SHAPES,
  STAFF_DUTIES,
  TABLE_STATES,
  WAITLIST_STATUSES,
} from '../constants.js';
import { Id, IsoDateTime, Money } from './common.js';

export const Course = z.enum(COURSES);
export type Course = z.infer<typeof Course>;
export const TableState = z.enum(TABLE_STATES);
export type TableState = z.infer<typeof TableState>;
const OrderState = z.enum(ORDER_STATES);
export const OrderItemState = z.enum(ORDER_ITEM_STATES);
export type OrderItemState = z.infer<typeof OrderItemState>;

const ModifierOption = z.object({ id: z.string(), name: z.string(), price: Money });
export const ModifierGroup = z.object({
  id: z.string(),
  name: z.string(),
  type: z.enum(['single', 'multiple']),
  required: z.boolean(),
  options: z.array(ModifierOption),
});
export type ModifierGroup = z.infer<typeof ModifierGroup>;

export const MenuItem = z.object({
  id: Id,
  venueId: Id.nullable(),
  name: z.string(),
  description: z.string().nullable(),
  price: Money,
  category: z.string(),
  isAvailable: z.boolean(),
  imageUrl: z.string().nullable(),
  allergens: z.array(z.string()),
  prepTime: z.number().int().nullable(),
  calories: z.number().int().nullable(),
  isVegetarian: z.boolean(),
  isVegan: z.boolean(),
  isGlutenFree: z.boolean(),
  isSpicy: z.boolean(),
  isPopular: z.boolean(),
  station: z.string().nullable(),
  modifiersSchema: z.array(ModifierGroup),
  /** How the runners carry it: served hot or cold (null: either), and whether it is fragile. The
   * terminal's replica keeps them, so an order it sends to the runners says what the cloud's says. */
  temperature: z.enum(ITEM_TEMPERATURES).nullable().default(null),
  isFragile: z.boolean().default(false),
  /** The item's place on the menu; categories follow their first item. */
  sortOrder: z.number().int(),
});
export type MenuItem = z.infer<typeof MenuItem>;

/** The server's table listing (spec 1 section 3 and spec 2 section 3). */
export const Table = z.object({
  id: Id,
  venueId: Id,
  name: z.string(),
  number: z.string(),
  shape: z.enum(SHAPES),
  capacity: z.number().int(),
  capacityMin: z.number().int(),
  capacityMax: z.number().int(),
  xPosition: z.number(),
  yPosition: z.number(),
  rotation: z.number(),
  zone: z.string().nullable(),
  /** Reachable by wheelchair: seat selection offers it to parties who need it. */
  isAccessible: z.boolean(),
  state: TableState,
  holdExpiresAt: IsoDateTime.nullable(),
  partyName: z.string().nullable(),
  guestCount: z.number().int().nullable(),
  timeSeated: IsoDateTime.nullable(),
});
export type Table = z.infer<typeof Table>;

export const DiningSession = z.object({
  id: Id,
  venueId: Id,
  tableId: Id.nullable(),
  partySize: z.number().int(),
  guestName: z.string().nullable(),
  status: z.enum(SESSION_STATUSES),
  startedAt: IsoDateTime,
  closedAt: IsoDateTime.nullable(),
});
export type DiningSession = z.infer<typeof DiningSession>;

/** A party waiting for a table (spec 2 sections 2.4 and 3). `position` orders the queue: the
 * party's place in line is its rank among the parties still WAITING or NOTIFIED. */
export const WaitlistEntry = z.object({
  id: Id,
  venueId: Id,
  guestName: z.string(),
  phone: z.string().nullable(),
  email: z.string().nullable(),
  partySize: z.number().int(),
  quotedMinWait: z.number().int().nullable(),
  quotedMaxWait: z.number().int().nullable(),
  position: z.number().int(),
  status: z.enum(WAITLIST_STATUSES),
  needsAccessibility: z.boolean(),
  needsHighChair: z.boolean(),
  occasion: z.string().nullable(),
  notifiedAt: IsoDateTime.nullable(),
  seatedAt: IsoDateTime.nullable(),
  createdAt: IsoDateTime,
  /** The dining session of a guest who checked in on a phone and was sent to the line (null for a
   * party the host added, until it is seated): seating the party seats that session, so the phone
   * follows it. */
  sessionId: Id.nullable().default(null),
});
export type WaitlistEntry = z.infer<typeof WaitlistEntry>;

/** One chosen modifier option, with the names and price as they were when ordered. */
export const ChosenModifier = z.object({
  groupId: z.string(),
  groupName: z.string(),
  optionId: z.string(),
  optionName: z.string(),
  price: Money,
});
export type ChosenModifier = z.infer<typeof ChosenModifier>;

export const OrderItem = z.object({
  id: Id,
  orderId: Id,
  venueId: Id,
  menuItemId: Id,
  menuItemName: z.string(),
  station: z.string().nullable(),
  prepTime: z.number().int().nullable(),
  quantity: z.number().int().min(1),
  unitPrice: Money,
  totalPrice: Money,
  notes: z.string().nullable(),
  modifiers: z.array(ChosenModifier),
  course: Course,
  status: OrderItemState,
  fireAt: IsoDateTime,
  createdAt: IsoDateTime,
  updatedAt: IsoDateTime,
});
export type OrderItem = z.infer<typeof OrderItem>;

export const Order = z.object({
  id: Id,
  venueId: Id,
  sessionId: Id,
  tableId: Id.nullable(),
  tableName: z.string().nullable(),
  status: OrderState,
  subtotal: Money,
  tax: Money,
  total: Money,
  createdAt: IsoDateTime,
  items: z.array(OrderItem),
  /** How the kitchen and runners treat it: staff raise it (order.priority.changed). */
  priority: z.enum(ORDER_PRIORITIES).default('normal'),
});
export type Order = z.infer<typeof Order>;

/** What the kitchen display reads (spec 2 section 3), plus the fire time of held items. */
export const KitchenItem = z.object({
  id: Id,
  orderId: Id,
  menuItem: z.object({
    name: z.string(),
    station: z.string().nullable(),
    prepTime: z.number().int().nullable(),
  }),
  quantity: z.number().int(),
  priority: z.enum(['normal', 'high', 'urgent']),
  course: Course,
  modifiers: z.array(z.string()),
  notes: z.string().nullable(),
  tableNumber: z.string().nullable(),
  createdAt: IsoDateTime,
  fireAt: IsoDateTime,
  /** True while the item waits for its course to fire (status CONFIRMED). */
  held: z.boolean(),
  status: OrderItemState,
});
export type KitchenItem = z.infer<typeof KitchenItem>;

export const User = z.object({
  id: Id,
  email: z.string(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
});
export type User = z.infer<typeof User>;

const Principal = z.object({
  user: User,
  organizationId: Id,
  venueId: Id,
  role: z.enum(ROLES),
  permissions: z.array(z.string()),
  /** The floor duty on their venue role, or null for none (docs/roles.md). */
  duty: z.enum(STAFF_DUTIES).nullable().default(null),
});

export const Terminal = z.object({ id: Id, venueId: Id, name: z.string(), revokedAt: IsoDateTime.nullable() });
export type Terminal = z.infer<typeof Terminal>;

/** Who is signed in: the answer of sign-in and of GET /api/auth/me, on either tier. */
export const MeAnswer = z.object({ user: User, principal: Principal });
export type MeAnswer = z.infer<typeof MeAnswer>;

export const Venue = z.object({
  id: Id,
  organizationId: Id,
  name: z.string(),
  address: z.string().nullable(),
  timezone: z.string(),
  /** The venue's service charge on every bill, in basis points of the subtotal (1000 = 10 %).
   * Absent from an older cloud's answer: none. */
  serviceChargeBps: z.number().int().min(0).max(10_000).default(0),
  /** The venue's tax rate in basis points of the subtotal (875 = 8.75 %, spec 1 section 9's rate,
   * every venue's before issue 24). Absent from an older cloud's answer: 8.75 %. */
  taxRateBps: z.number().int().min(0).max(10_000).default(875),
  /** The venue's currency (ISO 4217); absent from an older cloud's answer: USD. */
  currency: z.string().length(3).default('USD'),
});
export type Venue = z.infer<typeof Venue>;

export const Printer = z.object({
  id: Id,
  venueId: Id,
  name: z.string(),
  location: z.string().nullable(),
  type: z.string(),
  /** The kitchen station this printer serves, or null for receipts. */
  station: z.string().nullable(),
  connection: z.enum(PRINTER_CONNECTIONS),
  host: z.string().nullable(),
  port: z.number().int().nullable(),
  /** The terminal that drives this printer. */
  terminalId: Id.nullable(),
  status: z.enum(PRINTER_STATUSES),
  /**
   * Where this printer's kitchen tickets go when they have waited too long on it while it is faulty
   * (PRINTING.backupAfterMs), marked BACKUP. Absent from an older cloud's answers: none.
   */
  backupPrinterId: Id.nullable().default(null),
});
export type Printer = z.infer<typeof Printer>;

export const PrintJob = z.object({
  id: Id,
  printerId: Id,
  printerName: z.string(),
  type: z.enum(PRINT_JOB_TYPES),
  status: z.enum(PRINT_JOB_STATUSES),
  data: z.string(),
  attempts: z.number().int(),
  reprint: z.boolean(),
  error: z.string().nullable(),
  createdAt: IsoDateTime,
  updatedAt: IsoDateTime,
});
export type PrintJob = z.infer<typeof PrintJob>;

/** A reservation as both tiers answer it (spec 2 section 3, "Reservation (read)", with what the
 * host's screens also show: contact, preferences, the two-hour slot's end and the check-in time). */
export const Reservation = z.object({
  id: Id,
  venueId: Id,
  guestContact: z.object({ name: z.string(), phone: z.string(), email: z.string() }),
  slotStart: IsoDateTime,
  slotEnd: IsoDateTime,
  partySize: z.number().int(),
  status: z.enum(RESERVATION_STATUSES),
  preferencesJson: z.object({
    needsAccessibility: z.boolean(),
    needsHighChair: z.boolean(),
    occasion: z.string(),
    specialRequests: z.string(),
  }),
  source: z.string(),
  /** The tables the party was seated at (the screen's Table column shows the first). */
  lockedTableIds: z.array(z.string()),
  checkedInAt: IsoDateTime.nullable(),
  createdAt: IsoDateTime,
});
export type Reservation = z.infer<typeof Reservation>;
