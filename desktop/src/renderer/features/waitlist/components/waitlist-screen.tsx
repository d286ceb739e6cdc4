// The host's waitlist (spec 2 section 2.4): the queue in order with the first party Next Up, each
// party's estimated wait for its place, Seat (choose a table) and Remove, and the Add to Waitlist dialog (name,
// phone, party size, checked by the shared form schema). On a terminal it reads and writes the
// replica, so the door keeps working while the cloud is away.
import {
  partySizeChoices,
  partySizeLabel,
  quotedWait,
  SEATING_TEXTS,
  WAITLIST_FORM_DEFAULTS,
  WAITLIST_TEXTS,
  WaitlistAddForm,
  type WaitlistEntry,
} from '@tablewise/shared';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { useChangeWaitlistStatus } from '../../../api/change-waitlist-status.js';
import { useWaitlist } from '../../../api/get-waitlist.js';
import { useSeatParty } from '../../../api/seat-party.js';
import { SeatTableDialog } from '../../../components/seat-table-dialog.js';
import { useAddToWaitlist } from '../api/add-to-waitlist.js';
import { useTables } from '../api/get-tables.js';

type FormValues = { guestName: string; phone: string; partySize: number };

function AddPartyDialog({ onClose }: { onClose: () => void }) {
  const [values, setValues] = useState<FormValues>({ ...WAITLIST_FORM_DEFAULTS });
  const [problems, setProblems] = useState<Partial<Record<keyof FormValues, string>>>({});
  // One id per party being added: a second tap sends the same party, which is added once.
  const partyId = useRef(crypto.randomUUID());
  const add = useAddToWaitlist();
  // The dialog opens on its first field, as a host expects to type the name at once.
  const nameField = useRef<HTMLInputElement>(null);
  useEffect(() => nameField.current?.focus(), []);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = WaitlistAddForm.safeParse(values);
    if (!parsed.success) {
      const found: Partial<Record<keyof FormValues, string>> = {};
      for (const issue of parsed.error.issues) {
        const field = issue.path[0] as keyof FormValues;
        found[field] ??= issue.message;
      }
      setProblems(found);
      return;
    }
    setProblems({});
    add.mutate(
      {
        id: partyId.current,
        guestName: parsed.data.guestName,
        phone: parsed.data.phone,
        partySize: parsed.data.partySize,
      },
      { onSuccess: onClose },
    );
  };

  return (
    <div className="dialog-backdrop">
      <form className="dialog" aria-label={WAITLIST_TEXTS.add} onSubmit={submit} noValidate>
        <h2>{WAITLIST_TEXTS.add}</h2>
        <label>
          {WAITLIST_TEXTS.guestName}
          <input
            data-testid="waitlist-name"
            value={values.guestName}
            onChange={(e) => setValues({ ...values, guestName: e.target.value })}
            maxLength={100}
            ref={nameField}
          />
          {problems.guestName && <span className="field-problem">{problems.guestName}</span>}
        </label>
        <label>
          {WAITLIST_TEXTS.phone}
          <input
            data-testid="waitlist-phone"
            type="tel"
            value={values.phone}
            onChange={(e) => setValues({ ...values, phone: e.target.value })}
            maxLength={40}
          />
        </label>
        <label>
          {WAITLIST_TEXTS.partySize}
          <select
            data-testid="waitlist-party-size"
            value={values.partySize}
            onChange={(e) => setValues({ ...values, partySize: Number(e.target.value) })}
          >
            {partySizeChoices().map((n) => (
              <option key={n} value={n}>
                {partySizeLabel(n)}
              </option>
            ))}
          </select>
          {problems.partySize && <span className="field-problem">{problems.partySize}</span>}
        </label>
        <div className="dialog-actions">
          <button type="button" className="button" onClick={onClose}>
            {WAITLIST_TEXTS.cancel}
          </button>
          <button type="submit" className="button primary" disabled={add.isPending} data-testid="waitlist-submit">
            {WAITLIST_TEXTS.add}
          </button>
        </div>
      </form>
    </div>
  );
}

function PartyRow({ entry, place, onSeat }: { entry: WaitlistEntry; place: number; onSeat(e: WaitlistEntry): void }) {
  const move = useChangeWaitlistStatus();
  const wait = quotedWait(place);
  const busy = move.isPending;
  return (
    <li className="waitlist-party" data-testid="waitlist-party" data-party-id={entry.id}>
      <span className="waitlist-place">{place}</span>
      <div className="waitlist-who">
        <strong>{entry.guestName}</strong>
        <span>
          {partySizeLabel(entry.partySize)}
          {entry.phone ? ` · ${entry.phone}` : ''}
        </span>
      </div>
      <div className="waitlist-badges">
        {place === 1 && <span className="badge next-up">{WAITLIST_TEXTS.nextUp}</span>}
        {entry.status === 'NOTIFIED' && <span className="badge">{WAITLIST_TEXTS.notified}</span>}
        <span className="waitlist-wait">{WAITLIST_TEXTS.estimate(wait.min, wait.max)}</span>
      </div>
      <div className="waitlist-actions">
        <button
          type="button"
          className="button primary"
          disabled={busy}
          title={SEATING_TEXTS.seatChooseTable}
          onClick={() => onSeat(entry)}
        >
          {WAITLIST_TEXTS.seat}
        </button>
        <button
          type="button"
          className="button"
          disabled={busy}
          onClick={() => move.mutate({ id: entry.id, status: 'CANCELLED' })}
        >
          {WAITLIST_TEXTS.remove}
        </button>
      </div>
    </li>
  );
}

export function WaitlistScreen() {
  const queue = useWaitlist();
  const tables = useTables();
  const seat = useSeatParty();
  // the dashboard's Add Walk-In and Add Reservation open this screen with its add dialog (?add=1)
  const [adding, setAdding] = useState(() => new URLSearchParams(window.location.search).has('add'));
  const [seating, setSeating] = useState<WaitlistEntry | null>(null);
  return (
    <section className="waitlist">
      <div className="page-head">
        <h1>{WAITLIST_TEXTS.title}</h1>
        <button type="button" className="button primary" onClick={() => setAdding(true)} data-testid="waitlist-add">
          {WAITLIST_TEXTS.add}
        </button>
      </div>
      {queue.data && queue.data.length === 0 && <p className="empty">{WAITLIST_TEXTS.empty}</p>}
      <ol className="waitlist-queue">
        {queue.data?.map((entry, i) => (
          <PartyRow key={entry.id} entry={entry} place={i + 1} onSeat={setSeating} />
        ))}
      </ol>
      {adding && <AddPartyDialog onClose={() => setAdding(false)} />}
      {seating && (
        <SeatTableDialog
          party={seating.guestName}
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
