// Waitlist & Reservations (spec 2 section 2.1): Seat Now and Notify on each waiting party, Seat and
// Modify on each upcoming reservation, through the waitlist's and reservations' own calls. Modify
// opens the booking's Modify dialog here, so the host stays on the dashboard.
import {
  DASHBOARD_TEXTS,
  modifyReservation,
  partySizeLabel,
  quotedWait,
  type Reservation,
  reservationBadge,
  type Table,
  type WaitlistEntry,
} from '@tablewise/shared';
import { useState } from 'react';
import { useCheckIn, useSeatReservation } from '../../../api/change-reservation.js';
import { useChangeWaitlistStatus } from '../../../api/change-waitlist-status.js';
import { useBookableTimes, useReservations } from '../../../api/get-reservations.js';
import { useSeatParty } from '../../../api/seat-party.js';
import { useMayCall } from '../../../app/may-call.js';
import { ModifyReservationDialog } from '../../../components/modify-reservation-dialog.js';
import { SeatTableDialog } from '../../../components/seat-table-dialog.js';
import { useVenueClock } from '../../../components/use-venue-clock.js';

export function WaitlistPanel({ entries, tables }: { entries: readonly WaitlistEntry[]; tables: readonly Table[] }) {
  const waiting = entries.filter((e) => e.status === 'WAITING' || e.status === 'NOTIFIED');
  const seat = useSeatParty();
  const notify = useChangeWaitlistStatus();
  const [seating, setSeating] = useState<WaitlistEntry | null>(null);
  return (
    <section className="panel" data-testid="dashboard-waitlist">
      <h2>{DASHBOARD_TEXTS.waitlistCard}</h2>
      {waiting.length === 0 ? (
        <p className="empty">{DASHBOARD_TEXTS.noParties}</p>
      ) : (
        <ol className="dash-list">
          {waiting.map((e, i) => {
            const wait = quotedWait(i + 1);
            return (
              <li key={e.id} className="dash-row" data-testid="dash-waitlist-row">
                <strong>{e.guestName}</strong>
                <span>{partySizeLabel(e.partySize)}</span>
                <span className="muted">{`${wait.min}-${wait.max} min`}</span>
                {e.phone && <span className="badge">{DASHBOARD_TEXTS.sms}</span>}
                {e.status === 'NOTIFIED' && <span className="badge">{DASHBOARD_TEXTS.notifiedTitle}</span>}
                <span className="dash-actions">
                  <button
                    type="button"
                    className="button primary dash-act"
                    onClick={() => setSeating(e)}
                    data-testid="dash-seat-now"
                  >
                    {DASHBOARD_TEXTS.seatNow}
                  </button>
                  <button
                    type="button"
                    className="button dash-act"
                    disabled={e.status === 'NOTIFIED' || notify.isPending}
                    onClick={() => notify.mutate({ id: e.id, status: 'NOTIFIED' })}
                    data-testid="dash-notify"
                  >
                    {DASHBOARD_TEXTS.notify}
                  </button>
                </span>
              </li>
            );
          })}
        </ol>
      )}
      {seating && (
        <SeatTableDialog
          party={seating.guestName}
          partySize={seating.partySize}
          tables={tables}
          busy={seat.isPending}
          onChoose={(tableId) => seat.mutate({ id: seating.id, tableId }, { onSuccess: () => setSeating(null) })}
          onClose={() => setSeating(null)}
        />
      )}
    </section>
  );
}

/** Today's reservations still to come or to seat, by time: the card beside the waitlist. */
export function ReservationsPanel({ tables }: { tables: readonly Table[] }) {
  const times = useBookableTimes();
  const list = useReservations(times.data?.today);
  const clock = useVenueClock();
  const checkIn = useCheckIn();
  const seat = useSeatReservation();
  const [seating, setSeating] = useState<Reservation | null>(null);
  const [modifying, setModifying] = useState<string | null>(null);
  const mayModify = useMayCall(modifyReservation);
  const upcoming = (list.data ?? []).filter((r) => r.status === 'CONFIRMED' || r.status === 'CHECKED_IN');
  // The booking as the list has it now (a live change while the dialog is open shows in it).
  const modifyingNow = list.data?.find((r) => r.id === modifying);
  const tableName = (r: Reservation) => tables.find((t) => t.id === r.lockedTableIds[0])?.name ?? null;
  return (
    <>
      <section className="panel" data-testid="dashboard-reservations">
        <h2>{DASHBOARD_TEXTS.reservationsCard}</h2>
        {upcoming.length === 0 ? (
          <p className="empty">{DASHBOARD_TEXTS.noReservations}</p>
        ) : (
          <ol className="dash-list">
            {upcoming.map((r) => (
              <li key={r.id} className="dash-row" data-testid="dash-reservation-row">
                <span>{clock(r.slotStart)}</span>
                <strong>{r.guestContact.name}</strong>
                <span>{partySizeLabel(r.partySize)}</span>
                <span className="muted">{tableName(r) ?? reservationBadge(r.status).label}</span>
                <span className="dash-actions">
                  <button type="button" className="button primary dash-act" onClick={() => setSeating(r)}>
                    {DASHBOARD_TEXTS.seat}
                  </button>
                  {mayModify && (
                    <button
                      type="button"
                      className="button dash-act"
                      onClick={() => setModifying(r.id)}
                      data-testid="dash-modify"
                    >
                      {DASHBOARD_TEXTS.modify}
                    </button>
                  )}
                </span>
              </li>
            ))}
          </ol>
        )}
        {seating && (
          <SeatTableDialog
            party={seating.guestContact.name}
            partySize={seating.partySize}
            tables={tables}
            busy={seat.isPending || checkIn.isPending}
            onChoose={async (tableId) => {
              // a party that has just arrived is checked in first, as at the host stand
              if (seating.status === 'CONFIRMED') await checkIn.mutateAsync(seating.id);
              seat.mutate({ id: seating.id, tableId }, { onSuccess: () => setSeating(null) });
            }}
            onClose={() => setSeating(null)}
          />
        )}
      </section>
      {/* Outside the panel, so it reads as every other dialog does (the panel styles its own heading). */}
      {modifyingNow && <ModifyReservationDialog reservation={modifyingNow} onClose={() => setModifying(null)} />}
    </>
  );
}
