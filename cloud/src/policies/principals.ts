// Guards routes use to pick the principal a call needs; none of them reads a client-sent id.
import { MESSAGES, phoneNotApproved } from '@tablewise/shared';
import type { Actor, AppState, GuestActor, StaffActor, TerminalActor, VenueActor, WaitingPhone } from '../context.js';
import { forbidden, unauthorized } from '../errors.js';
import { canManageTerminals } from './staff-scope.js';

type WithState = { state: AppState };

export function requireStaff(ctx: WithState): StaffActor {
  const staff = ctx.state.principals.staff;
  if (!staff) throw unauthorized();
  return staff;
}

/** Staff or a paired terminal: both act for one venue. */
export function requireVenueActor(ctx: WithState): VenueActor {
  const actor = ctx.state.principals.terminal ?? ctx.state.principals.staff;
  if (!actor) throw unauthorized();
  return actor;
}

/** A paired terminal acting as itself: staff may not make its calls. */
export function requireTerminal(ctx: WithState): TerminalActor {
  const { terminal, staff } = ctx.state.principals;
  if (terminal) return terminal;
  if (staff) throw forbidden();
  throw unauthorized();
}

/** A phone that joined a seated party and is not let in: told so, rather than that it has no session. */
function refuseWaitingPhone(waiting: WaitingPhone | undefined): void {
  if (waiting) throw phoneNotApproved(waiting.declined);
}

export function requireGuest(ctx: WithState): GuestActor {
  const guest = ctx.state.principals.guest;
  if (!guest) {
    refuseWaitingPhone(ctx.state.principals.waitingPhone);
    throw unauthorized(MESSAGES.guestSessionRequired);
  }
  return guest;
}

/** Anyone who may read a venue's menu: staff, a terminal or a seated guest. */
export function requireAnyActor(ctx: WithState): Actor {
  const { terminal, staff, guest } = ctx.state.principals;
  const actor = terminal ?? staff ?? guest;
  if (!actor) {
    refuseWaitingPhone(ctx.state.principals.waitingPhone);
    throw unauthorized();
  }
  return actor;
}

/**
 * Whoever may pay a bill: as requireAnyActor, and also a phone that joined a seated party and is
 * not let in yet (issue 27): paying stays open to it, as it is at the table with a card reader.
 */
export function requirePayer(ctx: WithState): Actor {
  const { terminal, staff, guest, waitingPhone } = ctx.state.principals;
  const actor = terminal ?? staff ?? guest ?? (waitingPhone && !waitingPhone.declined ? waitingPhone : undefined);
  if (!actor) {
    refuseWaitingPhone(waitingPhone);
    throw unauthorized();
  }
  return actor;
}

/** A phone's own standing (its waiting page asks it): the party's phone, a phone let in, or one waiting. */
export function requireAnyPhone(ctx: WithState): GuestActor {
  const { guest, waitingPhone } = ctx.state.principals;
  const phone = guest ?? waitingPhone;
  if (!phone) throw unauthorized(MESSAGES.guestSessionRequired);
  return phone;
}

export function requireTerminalManager(ctx: WithState): StaffActor {
  const staff = requireStaff(ctx);
  if (!canManageTerminals(staff)) throw forbidden();
  return staff;
}
