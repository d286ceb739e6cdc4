// What every route and command is given: the database, the clock and the secrets. The clock is
// injectable so course firing can be tested without waiting.

import type { Role, SelfSeatingLimits, StaffDuty, User } from '@tablewise/shared';
import type { Knex } from 'knex';
import type { Db } from './db/connect.js';
import type { Logger } from './log/logger.js';
import type { Mailer } from './mail/mailer.js';
import type { ObjectStore } from './objects/store.js';
import type { CloudMetrics } from './ops/metrics.js';
import type { Readiness } from './ops/readiness.js';
import type { PaymentProviders } from './payments/providers.js';
import type { LimitStore } from './security/limits.js';
import type { UsageCounter } from './usage/usage.js';

export type { Db } from './db/connect.js';
export type Trx = Knex.Transaction;
/** Either a transaction or the pool: reads that need no transaction take this. */
export type Queryable = Knex | Knex.Transaction;

export interface AppDeps {
  db: Db;
  /** Signs QR tokens and guest cookies. */
  secret: string;
  /** The origin guests reach, used in QR URLs (no trailing slash). */
  publicUrl: string;
  now: () => Date;
  /** Structured log (pino): lines carry the request id of the request that caused them. */
  log: Logger;
  /** Where uploaded files (menu photos) are kept. */
  objects: ObjectStore;
  /** Where every rate limit counts: shared by all instances on a PostgreSQL server (issue 27). */
  limits: LimitStore;
  /** Who takes card payments (issue 11); none when not given. */
  payments?: PaymentProviders;
  /** Where mail goes (issue 24): SMTP, or the local mailbox when SMTP_URL is unset. */
  mail?: Mailer;
  /** The instance's metrics (GET /metrics); none for a bare app in a test. */
  metrics?: CloudMetrics;
  /** The instance's readiness; a bare app is ready while its database answers. */
  readiness?: Readiness;
  /** Self-seating limits other than SELF_SEATING_LIMITS (tests that seat many parties from one address). */
  selfSeatingLimits?: SelfSeatingLimits;
  /** API calls counted per organization, added to the month's usage every minute (issue 24). */
  usage?: UsageCounter;
}

export interface StaffActor {
  kind: 'staff';
  authSessionId: string;
  user: User;
  orgId: string;
  venueId: string;
  role: Role;
  permissions: string[];
  /** The floor duty on their role (docs/roles.md). */
  duty?: StaffDuty | null;
}

export interface TerminalActor {
  kind: 'terminal';
  terminalId: string;
  name: string;
  orgId: string;
  venueId: string;
}

export interface GuestActor {
  kind: 'guest';
  sessionId: string;
  orgId: string;
  venueId: string;
  /**
   * The session's table as read for this request; null too for a call that reads and checks the
   * session itself (middleware/principals.ts, selfCheckingGuestCall), which reads its table there.
   */
  tableId: string | null;
  /** A phone that joined the party at its table after it sat down, and was let in (issue 27). */
  phoneId?: string;
}

/** A phone that joined a seated party and is not let in (issue 27): it may pay the bill, nothing else. */
export interface WaitingPhone extends GuestActor {
  phoneId: string;
  declined: boolean;
}

/** Staff and terminals act for a venue with the same rights for the skeleton's calls. */
export type VenueActor = StaffActor | TerminalActor;
export type Actor = StaffActor | TerminalActor | GuestActor;

/** Every principal a request carries; a browser may hold a staff and a guest cookie at once. */
export interface Principals {
  staff?: StaffActor;
  terminal?: TerminalActor;
  guest?: GuestActor;
  waitingPhone?: WaitingPhone;
}

export interface AppState {
  requestId: string;
  principals: Principals;
  body: unknown;
}

/** The id an event or idempotency record names as its author. */
export function actorRef(actor: Actor): { userId: string | null; terminalId: string | null; principal: string } {
  switch (actor.kind) {
    case 'staff':
      return { userId: actor.user.id, terminalId: null, principal: `staff:${actor.user.id}` };
    case 'terminal':
      return { userId: null, terminalId: actor.terminalId, principal: `terminal:${actor.terminalId}` };
    case 'guest':
      return { userId: null, terminalId: null, principal: `guest:${actor.sessionId}` };
    default: {
      const never: never = actor;
      throw new Error(`Unknown actor ${String(never)}`);
    }
  }
}
