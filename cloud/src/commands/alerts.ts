// Send Alert: a staff alert goes to every staff screen of the venue as a staff.alert event. The
// event row is its record (the events table keeps who sent what, when); nothing else is stored.
import { randomUUID } from 'node:crypto';
import {
  type GUEST_ASSISTANCE_REASONS,
  PAYMENT_MESSAGES,
  type StaffAlert,
  type sendStaffAlert,
} from '@tablewise/shared';
import type { z } from 'zod';
import { actorRef, type GuestActor, type Trx, type VenueActor } from '../context.js';
import { notFound } from '../errors.js';
import { appendEvent } from '../realtime/append-event.js';
import { findTableInVenue } from '../repositories/tables.js';

type NewAlert = z.output<(typeof sendStaffAlert)['body']>;

/** A staff member by name; a terminal by the staff member it says is signed in there, else its own name. */
function senderOf(actor: VenueActor, claimed: string | undefined): string {
  if (actor.kind === 'terminal') return claimed || actor.name;
  const name = [actor.user.firstName, actor.user.lastName].filter(Boolean).join(' ');
  return name || actor.user.email;
}

export async function sendAlert(trx: Trx, actor: VenueActor, input: NewAlert, now: Date): Promise<StaffAlert> {
  const table = input.tableId ? await findTableInVenue(trx, actor.venueId, input.tableId) : null;
  if (input.tableId && !table) throw notFound('Table');
  const alert: StaffAlert = {
    id: randomUUID(),
    venueId: actor.venueId,
    message: input.message,
    urgency: input.urgency,
    tableId: table?.id ?? null,
    tableNumber: table?.number ?? null,
    sentBy: senderOf(actor, input.sentBy),
    createdAt: now.toISOString(),
  };
  const { userId, terminalId } = actorRef(actor);
  await appendEvent(trx, {
    orgId: actor.orgId,
    venueId: actor.venueId,
    userId,
    terminalId,
    at: now,
    event: { type: 'staff.alert', alert },
  });
  return alert;
}

/** What a guest's staff-assistance alert says it is from. */
const GUEST_SENDER = 'Guest';

/** A guest asks staff over: a HIGH alert naming the guest's table, to every staff screen. */
export async function sendGuestAssistanceAlert(
  trx: Trx,
  guest: GuestActor,
  reason: (typeof GUEST_ASSISTANCE_REASONS)[number],
  now: Date,
): Promise<StaffAlert> {
  const table = guest.tableId ? await findTableInVenue(trx, guest.venueId, guest.tableId) : null;
  const alert: StaffAlert = {
    id: randomUUID(),
    venueId: guest.venueId,
    message: PAYMENT_MESSAGES.guestAssistanceAlert(reason, table?.number ?? null),
    urgency: 'HIGH',
    tableId: table?.id ?? null,
    tableNumber: table?.number ?? null,
    sentBy: GUEST_SENDER,
    createdAt: now.toISOString(),
  };
  await appendEvent(trx, {
    orgId: guest.orgId,
    venueId: guest.venueId,
    at: now,
    event: { type: 'staff.alert', alert },
  });
  return alert;
}
