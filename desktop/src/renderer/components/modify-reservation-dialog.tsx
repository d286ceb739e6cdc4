// Modify a booking (the dashboard's Modify, spec 2 section 2.1; the reservations screen's row
// actions and its ?id= link): the reservation dialog with the booking's values, Save Changes
// sending only PATCH /api/reservations/:id, and Cancel Reservation asked once more before it is
// sent. On a terminal the change is decided on the replica and queued, as every host write.
import { partySizeLabel, RESERVATION_TEXTS, type Reservation, reservationChangeFromForm } from '@tablewise/shared';
import { useState } from 'react';
import { useModifyReservation } from '../api/change-reservation.js';
import { useBookableTimes } from '../api/get-reservations.js';
import { ConfirmDialog } from './confirm-dialog.js';
import { ReservationDialog } from './reservation-dialog.js';
import { useVenueClock } from './use-venue-clock.js';

interface Props {
  reservation: Reservation;
  /** Open straight on the Cancel Reservation question (a row's Cancel Reservation). */
  cancelling?: boolean;
  onClose(): void;
}

export function ModifyReservationDialog({ reservation, cancelling = false, onClose }: Props) {
  const times = useBookableTimes();
  const modify = useModifyReservation();
  const clock = useVenueClock();
  const [asking, setAsking] = useState(cancelling);
  if (asking) {
    return (
      <ConfirmDialog
        question={RESERVATION_TEXTS.cancelQuestion(reservation.guestContact.name)}
        detail={RESERVATION_TEXTS.cancelDetail(
          partySizeLabel(reservation.partySize),
          clock(reservation.slotStart, { withDate: true }),
        )}
        action={RESERVATION_TEXTS.cancelReservation}
        dismiss={RESERVATION_TEXTS.keepReservation}
        danger
        busy={modify.isPending}
        onConfirm={() => modify.mutate({ id: reservation.id, change: { status: 'CANCELLED' } }, { onSuccess: onClose })}
        onCancel={cancelling ? onClose : () => setAsking(false)}
      />
    );
  }
  return (
    <ReservationDialog
      reservation={reservation}
      times={times.data?.times}
      busy={modify.isPending}
      onSubmit={(values, done) =>
        modify.mutate({ id: reservation.id, change: reservationChangeFromForm(values) }, { onSuccess: done })
      }
      onCancelReservation={() => setAsking(true)}
      onClose={onClose}
    />
  );
}
