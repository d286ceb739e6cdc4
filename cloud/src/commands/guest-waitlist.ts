// A waiting party's own view of its place in line (spec 3 sections 2 and 4), read by the entry's
// unguessable id. The host's SEATED is the guest's READY: the party may now choose its table; so is
// a party the automation notified for a table that came free (waitlist.ready_table_id, issue 11).
import { DEFAULT_TIMEZONE, type GuestWaitlistStatus, guestEstimatedWaitMinutes } from '@tablewise/shared';
import type { Queryable } from '../context.js';
import { notFound } from '../errors.js';
import { findVenue } from '../repositories/venues.js';
import { findWaitlistEntry, listActiveWaitlist } from '../repositories/waitlist.js';

export async function guestWaitlistStatus(q: Queryable, id: string): Promise<GuestWaitlistStatus> {
  const row = await findWaitlistEntry(q, id);
  // A party that left the line (removed by the host) has no status to show.
  if (!row || (row.status !== 'WAITING' && row.status !== 'NOTIFIED' && row.status !== 'SEATED')) {
    throw notFound('Waitlist entry');
  }
  const ready =
    row.status === 'SEATED' ||
    (row.status === 'NOTIFIED' && (row as { ready_table_id?: string | null }).ready_table_id != null);
  const place = ready ? 0 : (await listActiveWaitlist(q, row.venue_id)).findIndex((e) => e.id === row.id) + 1;
  return {
    id: row.id,
    status: ready ? 'READY' : (row.status as 'WAITING' | 'NOTIFIED'),
    position: place,
    estimatedWait: place > 0 ? guestEstimatedWaitMinutes(place) : 0,
    guestName: row.guest_name,
    partySize: row.party_size,
    needsAccessibility: row.needs_accessibility,
    needsHighChair: row.needs_high_chair,
    occasion: row.occasion,
    createdAt: row.created_at.toISOString(),
    timeZone: (await findVenue(q, row.venue_id))?.tz ?? DEFAULT_TIMEZONE,
  };
}
