// Guards routes use to pick the principal a call needs; none of them reads a client-sent id.
import { MESSAGES } from '@tablewise/shared';
import type { Actor, AppState, GuestActor, StaffActor, TerminalActor, VenueActor } from '../context.js';
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

export function requireGuest(ctx: WithState): GuestActor {
  const guest = ctx.state.principals.guest;
  if (!guest) throw unauthorized(MESSAGES.guestSessionRequired);
  return guest;
}

/** Anyone who may read a venue's menu: staff, a terminal or a seated guest. */
export function requireAnyActor(ctx: WithState): Actor {
  const { terminal, staff, guest } = ctx.state.principals;
  const actor = terminal ?? staff ?? guest;
  if (!actor) throw unauthorized();
  return actor;
}

export function requireTerminalManager(ctx: WithState): StaffActor {
  const staff = requireStaff(ctx);
  if (!canManageTerminals(staff)) throw forbidden();
  return staff;
}
