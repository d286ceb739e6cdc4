// The reservations' rows. Which status follows which is shared/rules/reservations.ts's to say.
import type { Queryable, Trx } from '../context.js';
import type { ReservationRow } from './rows.js';

/** The venue's reservations starting in [from, to), in no particular order (reservationsAnswer orders them). */
export async function listReservationsBetween(
  q: Queryable,
  venueId: string,
  from: Date,
  to: Date,
): Promise<ReservationRow[]> {
  return q<ReservationRow>('reservations')
    .where({ venue_id: venueId })
    .where('slot_start', '>=', from)
    .where('slot_start', '<', to);
}

/** The venue's reservations starting at or after `from`: what a terminal's replica keeps. */
export async function listReservationsFrom(q: Queryable, venueId: string, from: Date): Promise<ReservationRow[]> {
  return q<ReservationRow>('reservations').where({ venue_id: venueId }).where('slot_start', '>=', from);
}

export type NewReservation = Omit<
  ReservationRow,
  'preauth_id' | 'checked_in_at' | 'created_at' | 'updated_at' | 'locked_table_ids'
> & { created_at: Date };

/** Inserts the reservation unless its id is taken; answers whether it did. */
export async function insertReservation(trx: Trx, row: NewReservation): Promise<boolean> {
  const inserted = await trx('reservations')
    .insert({
      ...row,
      guest_contact: JSON.stringify(row.guest_contact),
      preferences_json: JSON.stringify(row.preferences_json),
      updated_at: row.created_at,
    })
    .onConflict('id')
    .ignore()
    .returning('id');
  return inserted.length === 1;
}

export async function findReservation(q: Queryable, id: string): Promise<ReservationRow | undefined> {
  return q<ReservationRow>('reservations').where({ id }).first();
}

/** A reservation of the venue, locked for the rest of the transaction. */
export async function lockReservation(trx: Trx, venueId: string, id: string): Promise<ReservationRow | undefined> {
  return trx<ReservationRow>('reservations').where({ venue_id: venueId, id }).forUpdate().first();
}

/** A reservation as a decision left it: its status, check-in time and tables, and what the host may modify. */
export async function saveReservationState(
  trx: Trx,
  reservation: {
    id: string;
    status: string;
    checkedInAt: string | null;
    lockedTableIds: string[];
    guestContact: ReservationRow['guest_contact'];
    slotStart: string;
    slotEnd: string;
    partySize: number;
    preferencesJson: ReservationRow['preferences_json'];
  },
  at: Date,
): Promise<void> {
  await trx('reservations')
    .where({ id: reservation.id })
    .update({
      status: reservation.status,
      checked_in_at: reservation.checkedInAt ? new Date(reservation.checkedInAt) : null,
      locked_table_ids: reservation.lockedTableIds,
      guest_contact: JSON.stringify(reservation.guestContact),
      slot_start: new Date(reservation.slotStart),
      slot_end: new Date(reservation.slotEnd),
      party_size: reservation.partySize,
      preferences_json: JSON.stringify(reservation.preferencesJson),
      updated_at: at,
    });
}
