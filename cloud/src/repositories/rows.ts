// Row shapes as the driver returns them (snake_case; numeric as string, timestamptz as Date,
// jsonb as object, bigint as number). Presenters turn them into the shared schemas.

export interface UserRow {
  id: string;
  email: string;
  password_hash: string | null;
  first_name: string | null;
  last_name: string | null;
}

export interface UserRoleRow {
  id: string;
  user_id: string;
  organization_id: string;
  venue_id: string | null;
  role: string;
  permissions: string[];
  /** The floor duty (docs/roles.md); absent where a query does not read it. */
  duty?: string | null;
}

export interface VenueRow {
  id: string;
  org_id: string;
  name: string;
  address: string | null;
  tz: string;
  event_seq: number;
  /** The service charge on every bill, in basis points of the subtotal (migration 0014). */
  service_charge_bps: number;
  /** `demo` or `qa` marks a venue sample data may be loaded into (migration 0036). */
  flags_json: Record<string, unknown>;
  /** The tax rate in basis points (migration 0019; 875 before it). */
  tax_rate_bps: number;
  currency: string;
  /** The generation its entrance code was signed at; rotating it retires earlier codes (migration 0070). */
  entrance_generation: number;
  /** Whether a guest's table choice waits for the host (migration 0071). */
  host_approves_self_seating: boolean;
}

export interface AuthSessionRow {
  id: string;
  user_id: string;
  org_id: string;
  venue_id: string;
  expires_at: Date;
}

export interface TerminalRow {
  id: string;
  org_id: string;
  venue_id: string;
  name: string;
  credential_hash: string;
  last_mutation_seq: number;
  revoked_at: Date | null;
}

export interface TableRow {
  id: string;
  org_id: string;
  venue_id: string;
  number: string;
  name: string;
  shape: string;
  capacity: number;
  capacity_min: number;
  capacity_max: number;
  x_position: string;
  y_position: string;
  rotation: string;
  zone: string | null;
  state: string;
  hold_expires_at: Date | null;
  party_name: string | null;
  guest_count: number | null;
  time_seated: Date | null;
  is_accessible: boolean;
  has_view?: boolean;
  has_plugs?: boolean;
  is_quiet?: boolean;
  /** The dining session whose guest holds the table (migration 0009). */
  held_by_session_id?: string | null;
  updated_at: Date;
}

export interface MenuItemRow {
  id: string;
  org_id: string;
  venue_id: string | null;
  name: string;
  description: string | null;
  price: string;
  category: string;
  is_available: boolean;
  image_url: string | null;
  allergens: string[];
  prep_time: number | null;
  calories: number | null;
  is_vegetarian: boolean;
  is_vegan: boolean;
  is_gluten_free: boolean;
  is_spicy: boolean;
  is_popular: boolean;
  temperature: string | null;
  is_fragile: boolean;
  station: string | null;
  modifiers_schema: unknown;
  sort_order: number;
}

export interface WaitlistRow {
  id: string;
  org_id: string;
  venue_id: string;
  guest_name: string;
  phone: string | null;
  email: string | null;
  party_size: number;
  quoted_min_wait: number | null;
  quoted_max_wait: number | null;
  position: number;
  status: string;
  needs_accessibility: boolean;
  needs_high_chair: boolean;
  occasion: string | null;
  notified_at: Date | null;
  seated_at: Date | null;
  created_at: Date;
  /** The session of a guest who checked in on a phone and was sent to the line; then the seated one's. */
  session_id?: string | null;
}

export interface SessionRow {
  id: string;
  org_id: string;
  venue_id: string;
  table_id: string | null;
  party_size: number;
  guest_name: string | null;
  /** Selected by the queries that need them (a guest's erasure). */
  guest_phone?: string | null;
  guest_email?: string | null;
  status: string;
  started_at: Date;
  closed_at: Date | null;
}

export interface OrderRow {
  id: string;
  org_id: string;
  venue_id: string;
  session_id: string;
  status: string;
  subtotal: string;
  tax: string;
  total: string;
  created_at: Date;
  /** normal, high or urgent (ORDER_PRIORITIES). */
  priority: string;
  /** Joined from the session's table. */
  table_id: string | null;
  table_name: string | null;
  /** Joined from the session. */
  session_status: string | null;
}

export interface OrderItemRow {
  id: string;
  org_id: string;
  venue_id: string;
  order_id: string;
  menu_item_id: string;
  menu_item_name: string;
  station: string | null;
  prep_time: number | null;
  quantity: number;
  unit_price: string;
  total_price: string;
  notes: string | null;
  modifiers_json: unknown;
  course: string;
  status: string;
  fire_at: Date;
  sort_order: number;
  created_at: Date;
  updated_at: Date;
}

export interface EventRow {
  seq: number;
  payload_json: unknown;
}

export interface IdempotencyRow {
  org_id: string;
  key: string;
  principal: string;
  method: string;
  path: string;
  status_code: number;
  response_json: unknown;
  /** SHA-256 of method, path and body; null on records older than migration 0003. */
  request_hash: string | null;
  /** The answer held a secret shown once: only its status is kept. */
  answer_withheld: boolean;
  created_at: Date;
}

export interface LoginThrottleRow {
  email: string;
  /** '' for the account across every address. */
  address: string;
  attempts: number;
  window_started_at: Date;
}

export interface PrintJobRow {
  id: string;
  venue_id: string;
  printer_id: string;
  printer_name: string;
  terminal_id: string | null;
  type: string;
  status: string;
  data: string;
  attempts: number;
  reprint: boolean;
  error: string | null;
  created_at: Date;
  updated_at: Date;
}

export interface PrinterRow {
  id: string;
  venue_id: string;
  name: string;
  location: string | null;
  type: string;
  station: string | null;
  connection: string;
  host: string | null;
  port: number | null;
  terminal_id: string | null;
  status: string;
  /** When its terminal learnt the state; null until one reported it. */
  status_at: Date | null;
  backup_printer_id: string | null;
  /** When a manager removed it; null while it is in use. */
  removed_at?: Date | null;
}

export interface ReservationRow {
  id: string;
  org_id: string;
  venue_id: string;
  guest_contact: { name?: string; phone?: string; email?: string };
  slot_start: Date;
  slot_end: Date;
  party_size: number;
  status: string;
  preauth_id: string | null;
  preferences_json: {
    needsAccessibility?: boolean;
    needsHighChair?: boolean;
    occasion?: string;
    specialRequests?: string;
  };
  source: string;
  locked_table_ids: string[];
  checked_in_at: Date | null;
  created_at: Date;
  updated_at: Date;
}
