// Reservations (spec 2 section 2.3): today's reservations at the venue in a table (Time, Party,
// Table, Status, Contact, Actions; cards under 768 px), Add Reservation with the shared form, Check
// In for CONFIRMED and Seat (choose a table) for CHECKED_IN, Modify and Cancel Reservation while
// the party is not at a table. Reached with ?id= (the dashboard's link to a booking) it opens that
// booking's Modify dialog. On a terminal it reads and writes the replica, so bookings keep being
// taken and changed while the cloud is away.
import {
  modifyReservation,
  partySizeLabel,
  RESERVATION_TEXTS,
  type Reservation,
  reservationBadge,
  reservationRowActions,
  type Table,
} from '@tablewise/shared';
import { useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { useCheckIn, useSeatReservation } from '../../../api/change-reservation.js';
import { useBookableTimes, useReservations } from '../../../api/get-reservations.js';
import { useMayCall } from '../../../app/may-call.js';
import { ModifyReservationDialog } from '../../../components/modify-reservation-dialog.js';
import { ReservationDialog } from '../../../components/reservation-dialog.js';
import { SeatTableDialog } from '../../../components/seat-table-dialog.js';
import { useVenueClock } from '../../../components/use-venue-clock.js';
import { useCreateReservation } from '../api/create-reservation.js';
import { useReservation } from '../api/get-reservation.js';
import { useTables } from '../api/get-tables.js';

function tableName(r: Reservation, tables: readonly Table[] | undefined): string {
  const id = r.lockedTableIds[0];
  if (!id) return RESERVATION_TEXTS.noTable;
  return tables?.find((t) => t.id === id)?.name ?? id.slice(0, 8);
}

function Row({
  r,
  tables,
  onSeat,
  onModify,
}: {
  r: Reservation;
  tables: readonly Table[] | undefined;
  onSeat(r: Reservation): void;
  onModify(r: Reservation, cancelling: boolean): void;
}) {
  const checkIn = useCheckIn();
  const clock = useVenueClock();
  const badge = reservationBadge(r.status);
  const mayModify = useMayCall(modifyReservation);
  const actions = reservationRowActions(r.status).filter((a) => mayModify || (a !== 'modify' && a !== 'cancel'));
  const { name, phone, email } = r.guestContact;
  return (
    <tr data-testid="reservation-row" data-reservation-id={r.id}>
      <td data-label={RESERVATION_TEXTS.columns.time} className="reservation-time">
        {clock(r.slotStart)}
      </td>
      <td data-label={RESERVATION_TEXTS.columns.party}>
        <strong>{name}</strong>
        <span className="muted">{partySizeLabel(r.partySize)}</span>
      </td>
      <td data-label={RESERVATION_TEXTS.columns.table}>{tableName(r, tables)}</td>
      <td data-label={RESERVATION_TEXTS.columns.status}>
        <span className="badge status-badge" data-status={badge.status}>
          {badge.label}
        </span>
      </td>
      <td data-label={RESERVATION_TEXTS.columns.contact} className="reservation-contact">
        {phone && <span>{phone}</span>}
        {email && <span>{email}</span>}
      </td>
      <td data-label={RESERVATION_TEXTS.columns.actions} className="reservation-actions">
        {actions.includes('checkIn') && (
          <button
            type="button"
            className="button primary"
            disabled={checkIn.isPending}
            onClick={() => checkIn.mutate(r.id)}
          >
            {RESERVATION_TEXTS.checkIn}
          </button>
        )}
        {actions.includes('seat') && (
          <button type="button" className="button primary" onClick={() => onSeat(r)}>
            {RESERVATION_TEXTS.seat}
          </button>
        )}
        {actions.includes('modify') && (
          <button type="button" className="button" onClick={() => onModify(r, false)} data-testid="reservation-modify">
            {RESERVATION_TEXTS.modify}
          </button>
        )}
        {actions.includes('cancel') && (
          <button
            type="button"
            className="button danger-outline"
            onClick={() => onModify(r, true)}
            data-testid="reservation-cancel"
          >
            {RESERVATION_TEXTS.cancelReservation}
          </button>
        )}
      </td>
    </tr>
  );
}

export function ReservationsScreen() {
  const times = useBookableTimes();
  const list = useReservations(times.data?.today);
  const tables = useTables();
  const create = useCreateReservation();
  const seat = useSeatReservation();
  // the dashboard's Add Walk-In and Add Reservation open this screen with its add dialog (?add=1)
  const [adding, setAdding] = useState(() => new URLSearchParams(window.location.search).has('add'));
  const [seating, setSeating] = useState<Reservation | null>(null);
  // ?id= names the booking to modify (the dashboard's link); a row's Modify or Cancel Reservation
  // opens the same dialog.
  const [params, setParams] = useSearchParams();
  const [modifying, setModifying] = useState<{ id: string; cancelling: boolean } | null>(() => {
    const id = params.get('id');
    return id ? { id, cancelling: false } : null;
  });
  const inList = list.data?.find((r) => r.id === modifying?.id);
  // A booking of another day is read on its own.
  const single = useReservation(modifying && list.data && !inList ? modifying.id : undefined);
  const target = inList ?? single.data;
  const stopModifying = () => {
    setModifying(null);
    if (params.has('id')) {
      params.delete('id');
      setParams(params, { replace: true });
    }
  };
  const loading = times.isPending || list.isPending;
  return (
    <section className="reservations">
      <div className="page-head">
        <h1>{RESERVATION_TEXTS.title}</h1>
        <button type="button" className="button primary" onClick={() => setAdding(true)} data-testid="reservation-add">
          {RESERVATION_TEXTS.add}
        </button>
      </div>
      {loading && (
        <div className="page-status" role="status">
          <span className="spinner" aria-hidden="true" /> {RESERVATION_TEXTS.loading}
        </div>
      )}
      {list.data && list.data.length === 0 && <p className="empty">{RESERVATION_TEXTS.empty}</p>}
      {list.data && list.data.length > 0 && (
        <table className="reservations-table">
          <thead>
            <tr>
              {Object.values(RESERVATION_TEXTS.columns).map((c) => (
                <th key={c}>{c}</th>
              ))}
            </tr>
          </thead>
          <tbody>
            {list.data.map((r) => (
              <Row
                key={r.id}
                r={r}
                tables={tables.data}
                onSeat={setSeating}
                onModify={(booking, cancelling) => setModifying({ id: booking.id, cancelling })}
              />
            ))}
          </tbody>
        </table>
      )}
      {adding && (
        <ReservationDialog
          times={times.data?.times}
          busy={create.isPending}
          onSubmit={(values, done) => create.mutate(values, { onSuccess: done })}
          onClose={() => setAdding(false)}
        />
      )}
      {modifying && target && (
        <ModifyReservationDialog
          key={`${target.id}-${modifying.cancelling}`}
          reservation={target}
          cancelling={modifying.cancelling}
          onClose={stopModifying}
        />
      )}
      {modifying && single.isError && (
        <p className="field-problem" role="alert">
          {RESERVATION_TEXTS.notFound}
        </p>
      )}
      {seating && (
        <SeatTableDialog
          party={seating.guestContact.name}
          partySize={seating.partySize}
          tables={tables.data}
          busy={seat.isPending}
          onChoose={(tableId) => seat.mutate({ id: seating.id, tableId }, { onSuccess: () => setSeating(null) })}
          onClose={() => setSeating(null)}
        />
      )}
    </section>
  );
}
