// Request and answer schemas of every call the skeleton makes. The cloud validates requests with
// them; clients parse answers with them.
import { z } from 'zod';
import { MESSAGES } from '../messages.js';
import { Id, IsoDateTime, PartySize } from './common.js';
import {
  Course,
  DiningSession,
  KitchenItem,
  MenuItem,
  Order,
  OrderItem,
  OrderItemState,
  Principal,
  Printer,
  Table,
  User,
  Venue,
} from './entities.js';

export const OCCASIONS = ['none', 'birthday', 'anniversary', 'date', 'business', 'celebration', 'other'] as const;
/** The option labels of spec 2 section 5, used by every form that offers an occasion. */
export const OCCASION_LABELS: Record<(typeof OCCASIONS)[number], string> = {
  none: 'No special occasion',
  birthday: 'Birthday',
  anniversary: 'Anniversary',
  date: 'Date Night',
  business: 'Business Meeting',
  celebration: 'Celebration',
  other: 'Other',
};

// ---- auth ----
export const LoginRequest = z.object({
  email: z.string().trim().min(1, { error: 'Email is required' }),
  password: z.string().min(1, { error: 'Password is required' }),
});
export type LoginRequest = z.infer<typeof LoginRequest>;
export const MeAnswer = z.object({ user: User, principal: Principal });
export type MeAnswer = z.infer<typeof MeAnswer>;

// ---- menu and tables ----
export const MenuAnswer = z.object({
  items: z.array(MenuItem),
  groupedByCategory: z.record(z.string(), z.array(MenuItem)),
});
export type MenuAnswer = z.infer<typeof MenuAnswer>;
export const TablesAnswer = z.array(Table);
export const TableQrAnswer = z.object({ url: z.string(), token: z.string() });
export type TableQrAnswer = z.infer<typeof TableQrAnswer>;

// ---- guest ----
export const GuestCheckinRequest = z.object({
  guestName: z.string().trim().min(1, { error: MESSAGES.guestNameRequired }).optional(),
  phone: z.string().trim().optional(),
  guestEmail: z.union([z.literal(''), z.email({ error: MESSAGES.guestEmailInvalid })]).optional(),
  partySize: PartySize,
  occasion: z.enum(OCCASIONS).optional(),
  needsAccessibility: z.boolean().default(false),
  needsHighChair: z.boolean().default(false),
  tableId: Id.optional(),
  venueId: Id.optional(),
  token: z.string().optional(),
});
export type GuestCheckinRequest = z.input<typeof GuestCheckinRequest>;

export const CheckinResultType = z.enum(['session_created', 'seat_selection', 'waitlist']);
export const GuestCheckinAnswer = z.object({
  success: z.boolean(),
  error: z.string().optional(),
  type: CheckinResultType.optional(),
  sessionId: Id.optional(),
  tableId: Id.optional(),
  tableName: z.string().optional(),
  waitlistId: Id.optional(),
  redirectUrl: z.string().optional(),
  position: z.number().int().optional(),
  estimatedWait: z.number().int().optional(),
});
export type GuestCheckinAnswer = z.infer<typeof GuestCheckinAnswer>;

export const ScanTableRequest = z.object({
  qrData: z.string().min(1, { error: 'qrData is required' }),
  expectedTableId: Id.optional(),
});
export const ScanAnswer = z.object({
  success: z.boolean(),
  error: z.string().optional(),
  redirectUrl: z.string().optional(),
  type: z.string().optional(),
  tableName: z.string().optional(),
  tableId: Id.optional(),
  venueId: Id.optional(),
  sessionId: Id.optional(),
});
export type ScanAnswer = z.infer<typeof ScanAnswer>;

export const GuestSessionAnswer = z.object({ session: DiningSession, tableName: z.string().nullable() });
/** GET /api/guest/orders: the orders of the guest cookie's dining session, oldest first. */
export const GuestOrdersAnswer = z.array(Order);
export type GuestOrdersAnswer = z.infer<typeof GuestOrdersAnswer>;

// ---- orders ----
export const CartModifier = z.object({ groupId: z.string(), optionIds: z.array(z.string()) });
export const CartLine = z.object({
  menuItemId: Id,
  quantity: z.number().int().min(1, { error: 'Quantity must be at least 1' }),
  modifiers: z.array(CartModifier).default([]),
  specialInstructions: z.string().trim().max(500).optional(),
  course: Course.default('main'),
});
export type CartLine = z.input<typeof CartLine>;

export const CourseTimingEntry = z.object({
  course: Course,
  fireAt: IsoDateTime,
  items: z.array(Id),
});
export type CourseTimingEntry = z.infer<typeof CourseTimingEntry>;

export const CreateOrderRequest = z.object({
  /** Client-made id of the new order, so a repeat cannot create a second one. */
  id: Id.optional(),
  sessionId: Id,
  items: z.array(CartLine).min(1, { error: MESSAGES.emptyCart }),
  /** Informational: the cloud recomputes fire times with the shared rule. */
  courseTiming: z.array(CourseTimingEntry).optional(),
});
export type CreateOrderRequest = z.input<typeof CreateOrderRequest>;
export const CreateOrderAnswer = Order;
/** GET /api/orders: the venue's open orders (not closed, or of a session still seated), oldest first. */
export const OrdersAnswer = z.array(Order);

export const KitchenItemsAnswer = z.array(KitchenItem);
export const ItemStatusRequest = z.object({ status: OrderItemState });
export type ItemStatusRequest = z.infer<typeof ItemStatusRequest>;
export const ItemStatusAnswer = OrderItem;

// ---- terminals ----
export const CreateTerminalRequest = z.object({ name: z.string().trim().min(1, { error: 'Name is required' }) });
export const Terminal = z.object({ id: Id, venueId: Id, name: z.string(), revokedAt: IsoDateTime.nullable() });
export type Terminal = z.infer<typeof Terminal>;
export const CreateTerminalAnswer = z.object({ terminal: Terminal, credential: z.string() });
export const TerminalMeAnswer = z.object({ terminal: Terminal, venue: Venue });

/** GET /api/terminal/status on a terminal core (404 on the cloud); also pushed as `terminal.status`. */
export const RejectedChange = z.object({
  id: z.string(),
  method: z.string(),
  path: z.string(),
  message: z.string(),
  /** ISO time the change was made on the terminal. */
  createdAt: z.string(),
});
export type RejectedChange = z.infer<typeof RejectedChange>;
export const TerminalStatusAnswer = z.object({
  online: z.boolean(),
  cloudUrl: z.string(),
  terminalId: Id.nullable(),
  venueId: Id.nullable(),
  cursor: z.number().int(),
  outbox: z.object({ pending: z.number().int().nonnegative(), rejected: z.array(RejectedChange) }),
});
export type TerminalStatusAnswer = z.infer<typeof TerminalStatusAnswer>;
export const TerminalStatusMessage = TerminalStatusAnswer.extend({ type: z.literal('terminal.status') });
export type TerminalStatusMessage = z.infer<typeof TerminalStatusMessage>;

// ---- sync (terminal credential) ----
export const SnapshotAnswer = z.object({
  /** The venue's event sequence the snapshot is consistent with: the sync cursor. */
  seq: z.number().int(),
  venue: Venue,
  tables: z.array(Table),
  menuItems: z.array(MenuItem),
  orders: z.array(Order),
  printers: z.array(Printer),
});
export type SnapshotAnswer = z.infer<typeof SnapshotAnswer>;
