// The create-reservation form (spec 2 sections 2.3 and 5): guest name, phone, email, reservation
// time from the bookable times, party size, accessibility, high chair, occasion and special
// requests, checked by the shared form schema with its messages. A dialog on desktop, a bottom
// sheet under 768 px. Shared by the reservations screen and the host console. Given a reservation
// it is the Modify dialog: the booking's values to change, Save Changes, and Cancel Reservation.
import {
  type BookableTimesAnswer,
  isModifiableReservation,
  OCCASION_LABELS,
  OCCASIONS,
  partySizeChoices,
  partySizeLabel,
  RESERVATION_FORM_DEFAULTS,
  RESERVATION_TEXTS,
  type Reservation,
  ReservationForm,
  type ReservationFormValues,
  reservationBadge,
  reservationFormOf,
} from '@tablewise/shared';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { useVenueClock } from './use-venue-clock.js';

type Values = {
  guestName: string;
  phone: string;
  email: string;
  reservationTime: string;
  partySize: number;
  needsAccessibility: boolean;
  needsHighChair: boolean;
  occasion: string;
  specialRequests: string;
};
type Problems = Partial<Record<keyof Values, string>>;

interface Props {
  times: BookableTimesAnswer['times'] | undefined;
  busy: boolean;
  /** `id`: one per reservation being made, so a second tap books it once. */
  onSubmit(values: ReservationFormValues & { id: string }, done: () => void): void;
  onClose(): void;
  /** The booking to modify; absent, the dialog books a new one. */
  reservation?: Reservation | undefined;
  /** Cancel Reservation, offered when modifying a booking that may still change. */
  onCancelReservation?: (() => void) | undefined;
}

export function ReservationDialog({ times, busy, onSubmit, onClose, reservation, onCancelReservation }: Props) {
  const [values, setValues] = useState<Values>(() =>
    reservation ? reservationFormOf(reservation) : { ...RESERVATION_FORM_DEFAULTS },
  );
  const clock = useVenueClock();
  const editing = reservation !== undefined;
  const locked = editing && !isModifiableReservation(reservation.status);
  const title = editing ? RESERVATION_TEXTS.modifyTitle : RESERVATION_TEXTS.add;
  // A booked time no longer offered (it has begun) stays choosable as it was.
  const booked = reservation ? reservationFormOf(reservation).reservationTime : '';
  const bookedMissing = booked !== '' && !times?.some((t) => t.value === booked);
  const [problems, setProblems] = useState<Problems>({});
  const reservationId = useRef(crypto.randomUUID());
  const nameField = useRef<HTMLInputElement>(null);
  useEffect(() => nameField.current?.focus(), []);
  const set = <K extends keyof Values>(key: K, value: Values[K]) => setValues((v) => ({ ...v, [key]: value }));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = ReservationForm.safeParse({ ...values, occasion: values.occasion || undefined });
    if (!parsed.success) {
      const found: Problems = {};
      for (const issue of parsed.error.issues) found[issue.path[0] as keyof Values] ??= issue.message;
      setProblems(found);
      return;
    }
    setProblems({});
    onSubmit({ ...parsed.data, id: reservationId.current }, onClose);
  };

  return (
    <div className="dialog-backdrop">
      <form
        className={editing ? 'dialog reservation-dialog modifying' : 'dialog reservation-dialog'}
        aria-label={title}
        data-testid={editing ? 'reservation-modify-dialog' : undefined}
        onSubmit={submit}
        noValidate
      >
        <h2>{title}</h2>
        {locked && (
          <p className="field-problem" role="status">
            {RESERVATION_TEXTS.notModifiable(reservationBadge(reservation.status).label)}
          </p>
        )}
        <label>
          {RESERVATION_TEXTS.guestName}
          <input
            data-testid="reservation-name"
            ref={nameField}
            value={values.guestName}
            maxLength={100}
            onChange={(e) => set('guestName', e.target.value)}
          />
          {problems.guestName && <span className="field-problem">{problems.guestName}</span>}
        </label>
        <div className="form-row">
          <label>
            {RESERVATION_TEXTS.phone}
            <input
              data-testid="reservation-phone"
              type="tel"
              value={values.phone}
              maxLength={40}
              onChange={(e) => set('phone', e.target.value)}
            />
          </label>
          <label>
            {RESERVATION_TEXTS.email}
            <input
              data-testid="reservation-email"
              type="email"
              value={values.email}
              maxLength={254}
              onChange={(e) => set('email', e.target.value)}
            />
            {problems.email && <span className="field-problem">{problems.email}</span>}
          </label>
        </div>
        <div className="form-row">
          <label>
            {RESERVATION_TEXTS.reservationTime}
            <select
              data-testid="reservation-time"
              value={values.reservationTime}
              onChange={(e) => set('reservationTime', e.target.value)}
            >
              <option value="">{RESERVATION_TEXTS.chooseTime}</option>
              {bookedMissing && (
                <option value={booked}>{RESERVATION_TEXTS.bookedFor(clock(booked, { withDate: true }))}</option>
              )}
              {times?.map((t) => (
                <option key={t.value} value={t.value}>
                  {t.label}
                </option>
              ))}
            </select>
            {problems.reservationTime && <span className="field-problem">{problems.reservationTime}</span>}
          </label>
          <label>
            {RESERVATION_TEXTS.partySize}
            <select
              data-testid="reservation-party-size"
              value={values.partySize}
              onChange={(e) => set('partySize', Number(e.target.value))}
            >
              {partySizeChoices().map((n) => (
                <option key={n} value={n}>
                  {partySizeLabel(n)}
                </option>
              ))}
            </select>
            {problems.partySize && <span className="field-problem">{problems.partySize}</span>}
          </label>
        </div>
        <div className="form-row checks">
          <label className="check">
            <input
              type="checkbox"
              data-testid="reservation-accessibility"
              checked={values.needsAccessibility}
              onChange={(e) => set('needsAccessibility', e.target.checked)}
            />
            {RESERVATION_TEXTS.needsAccessibility}
          </label>
          <label className="check">
            <input
              type="checkbox"
              checked={values.needsHighChair}
              onChange={(e) => set('needsHighChair', e.target.checked)}
            />
            {RESERVATION_TEXTS.needsHighChair}
          </label>
        </div>
        <label>
          {RESERVATION_TEXTS.occasion}
          <select
            data-testid="reservation-occasion"
            value={values.occasion || 'none'}
            onChange={(e) => set('occasion', e.target.value === 'none' ? '' : e.target.value)}
          >
            {OCCASIONS.map((o) => (
              <option key={o} value={o}>
                {OCCASION_LABELS[o]}
              </option>
            ))}
          </select>
        </label>
        <label>
          {RESERVATION_TEXTS.specialRequests}
          <textarea
            rows={2}
            maxLength={500}
            value={values.specialRequests}
            onChange={(e) => set('specialRequests', e.target.value)}
          />
        </label>
        <div className="dialog-actions">
          {editing && onCancelReservation && !locked && (
            <button
              type="button"
              className="button danger modify-cancel-booking"
              disabled={busy}
              onClick={onCancelReservation}
              data-testid="reservation-cancel-booking"
            >
              {RESERVATION_TEXTS.cancelReservation}
            </button>
          )}
          <button type="button" className="button" onClick={onClose}>
            {editing ? RESERVATION_TEXTS.close : RESERVATION_TEXTS.cancel}
          </button>
          <button type="submit" className="button primary" disabled={busy || locked} data-testid="reservation-submit">
            {editing ? RESERVATION_TEXTS.save : RESERVATION_TEXTS.create}
          </button>
        </div>
      </form>
    </div>
  );
}
