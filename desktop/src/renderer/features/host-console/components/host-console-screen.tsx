// Host console (spec 2 section 2.10): the front desk's view. Tabs Check-ins (parties checked in and
// waiting for a table), Waitlist (the queue, Next Up first), Reservations (today's, with Check In for
// CONFIRMED) and Floor Plan (the 36-cell grid with each table's state); Print Summary and Add
// Reservation. Seat on a party opens the floor plan to choose its table there.
import {
  HOST_CONSOLE_TEXTS,
  MESSAGES,
  type Printer,
  paperPrinters,
  partySizeLabel,
  quotedWait,
  type Reservation,
  reservationBadge,
  reservationRowActions,
  TABLE_SERVICE_TEXTS,
  type Table,
  tableMove,
  venueDayLabel,
  WAITLIST_TEXTS,
} from '@tablewise/shared';
import { useState } from 'react';
import { useCheckIn } from '../../../api/change-reservation.js';
import { useOnTerminal, useTerminalStatus } from '../../../app/terminal-status.js';
import { ConfirmDialog } from '../../../components/confirm-dialog.js';
import { ReservationDialog } from '../../../components/reservation-dialog.js';
import { TabBar } from '../../../components/tab-bar.js';
import { useVenueClock } from '../../../components/use-venue-clock.js';
import { useCreateReservation } from '../../reservations/api/create-reservation.js';
import { type SeatTarget, useSeat } from '../api/front-desk-actions.js';
import { useBookableTimes, useReservations, useTables, useWaitlist } from '../api/get-front-desk.js';
import { usePrinters } from '../api/get-printers.js';
import { useOpenOrders, usePartyLeft } from '../api/party-service.js';
import { usePrintSummary } from '../api/print-summary.js';
import { FloorPlan } from './floor-plan.js';
import { PhoneJoinsPanel } from './phone-joins-panel.js';
import { SeatRequestsPanel } from './seat-requests-panel.js';

type Tab = keyof typeof HOST_CONSOLE_TEXTS.tabs;

function ReservationRow({ r }: { r: Reservation }) {
  const timeOf = useVenueClock();
  const checkIn = useCheckIn();
  const badge = reservationBadge(r.status);
  return (
    <li className="host-row" data-testid="host-reservation">
      <span className="host-time">{timeOf(r.slotStart)}</span>
      <div className="host-who">
        <strong>{r.guestContact.name}</strong>
        <span>
          {partySizeLabel(r.partySize)}
          {r.guestContact.phone ? ` · ${r.guestContact.phone}` : ''}
          {r.guestContact.email ? ` · ${r.guestContact.email}` : ''}
        </span>
      </div>
      <span className="badge status-badge" data-status={badge.status}>
        {badge.label}
      </span>
      {reservationRowActions(r.status).includes('checkIn') && (
        <button
          type="button"
          className="button primary"
          disabled={checkIn.isPending}
          onClick={() => checkIn.mutate(r.id)}
        >
          {HOST_CONSOLE_TEXTS.checkIn}
        </button>
      )}
    </li>
  );
}

export function HostConsoleScreen() {
  const times = useBookableTimes();
  const timeOf = useVenueClock();
  const reservations = useReservations(times.data?.today);
  const waitlist = useWaitlist();
  const tables = useTables();
  const orders = useOpenOrders();
  const partyLeft = usePartyLeft();
  const [askingLeft, setAskingLeft] = useState<Table | null>(null);
  const create = useCreateReservation();
  const seat = useSeat();
  const [tab, setTab] = useState<Tab>('checkins');
  const [adding, setAdding] = useState(false);
  const [seating, setSeating] = useState<SeatTarget | null>(null);

  const arrivals = (reservations.data ?? []).filter((r) => r.status === 'CHECKED_IN');
  const free = (tables.data ?? []).filter((t) => tableMove(t.state, 'OCCUPIED', 'staff').ok);
  const startSeating = (target: SeatTarget) => {
    setSeating(target);
    setTab('floor');
  };
  const onTerminal = useOnTerminal();
  const printSummary = usePrintSummary();
  const counts: [string, number][] = [
    [HOST_CONSOLE_TEXTS.counts.arrivals, arrivals.length],
    [HOST_CONSOLE_TEXTS.counts.due, reservations.data?.length ?? 0],
    [HOST_CONSOLE_TEXTS.counts.waiting, waitlist.data?.length ?? 0],
    [HOST_CONSOLE_TEXTS.counts.free, free.length],
  ];

  // On a terminal the summary goes to its receipt printer; a terminal driving none offers its
  // other printers and the browser's print dialog; in a browser, the browser prints the page.
  const [choosing, setChoosing] = useState(false);
  const status = useTerminalStatus();
  const printers = usePrinters(onTerminal === true);
  const choices = paperPrinters(printers.data ?? [], status.data?.terminalId ?? null);
  const summaryOn = (printerId: string) => {
    if (!times.data) return;
    printSummary.mutate({
      period: venueDayLabel(times.data.today),
      timezone: times.data.timeZone,
      rows: counts.map(([label, n]) => ({ label, value: String(n) })),
      printerId,
    });
  };
  const summarize = () => {
    if (!onTerminal || !times.data) {
      window.print();
      return;
    }
    const receiptPrinter = choices.find((p) => p.station === null);
    if (receiptPrinter) summaryOn(receiptPrinter.id);
    else setChoosing(true);
  };

  return (
    <section className="host-console">
      <div className="page-head">
        <h1>{HOST_CONSOLE_TEXTS.title}</h1>
        <div className="page-head-actions">
          <button
            type="button"
            className="button"
            data-testid="host-print-summary"
            // On a terminal, which printers it drives decides where the summary goes: known first.
            disabled={printSummary.isPending || (onTerminal === true && (printers.isPending || status.isPending))}
            onClick={summarize}
          >
            {HOST_CONSOLE_TEXTS.printSummary}
          </button>
          <button type="button" className="button primary" onClick={() => setAdding(true)} data-testid="host-add">
            {HOST_CONSOLE_TEXTS.addReservation}
          </button>
        </div>
      </div>
      {choosing ? (
        <SummaryPrinterChoice
          printers={choices}
          onPrinter={(id) => {
            setChoosing(false);
            summaryOn(id);
          }}
          onBrowser={() => {
            setChoosing(false);
            window.print();
          }}
          onCancel={() => setChoosing(false)}
        />
      ) : null}
      <dl className="host-counts">
        {counts.map(([label, n]) => (
          <div key={label}>
            <dt>{label}</dt>
            <dd>{n}</dd>
          </div>
        ))}
      </dl>
      <SeatRequestsPanel />
      <PhoneJoinsPanel />
      <TabBar
        options={Object.keys(HOST_CONSOLE_TEXTS.tabs) as Tab[]}
        value={tab}
        onChange={setTab}
        labelOf={(t) => HOST_CONSOLE_TEXTS.tabs[t]}
      />

      {tab === 'checkins' && (
        <ul className="host-list" aria-label={HOST_CONSOLE_TEXTS.tabs.checkins}>
          {arrivals.length === 0 && <li className="empty">{HOST_CONSOLE_TEXTS.arrivalsEmpty}</li>}
          {arrivals.map((r) => (
            <li key={r.id} className="host-row" data-testid="host-arrival">
              <span className="host-time">{timeOf(r.slotStart)}</span>
              <div className="host-who">
                <strong>{r.guestContact.name}</strong>
                <span>
                  {partySizeLabel(r.partySize)}
                  {r.checkedInAt ? ` · ${HOST_CONSOLE_TEXTS.checkedInAt(timeOf(r.checkedInAt))}` : ''}
                </span>
              </div>
              <button
                type="button"
                className="button primary"
                onClick={() =>
                  startSeating({ kind: 'reservation', id: r.id, name: r.guestContact.name, partySize: r.partySize })
                }
              >
                {HOST_CONSOLE_TEXTS.seat}
              </button>
            </li>
          ))}
        </ul>
      )}

      {tab === 'waitlist' && (
        <ol className="host-list" aria-label={HOST_CONSOLE_TEXTS.tabs.waitlist}>
          {waitlist.data?.length === 0 && <li className="empty">{HOST_CONSOLE_TEXTS.waitlistEmpty}</li>}
          {waitlist.data?.map((e, i) => {
            const wait = quotedWait(i + 1);
            return (
              <li key={e.id} className="host-row" data-testid="host-party">
                <span className="host-time">{i + 1}</span>
                <div className="host-who">
                  <strong>{e.guestName}</strong>
                  <span>
                    {partySizeLabel(e.partySize)} · {WAITLIST_TEXTS.estimate(wait.min, wait.max)}
                  </span>
                </div>
                {i === 0 && <span className="badge next-up">{MESSAGES.nextUp}</span>}
                <button
                  type="button"
                  className="button primary"
                  onClick={() =>
                    startSeating({ kind: 'waitlist', id: e.id, name: e.guestName, partySize: e.partySize })
                  }
                >
                  {HOST_CONSOLE_TEXTS.seat}
                </button>
              </li>
            );
          })}
        </ol>
      )}

      {tab === 'reservations' && (
        <ul className="host-list" aria-label={HOST_CONSOLE_TEXTS.tabs.reservations}>
          {reservations.data?.length === 0 && <li className="empty">{HOST_CONSOLE_TEXTS.dueEmpty}</li>}
          {reservations.data?.map((r) => (
            <ReservationRow key={r.id} r={r} />
          ))}
        </ul>
      )}

      {tab === 'floor' && (
        <>
          {seating && (
            <div className="host-seating" role="status" data-testid="host-seating">
              <span>
                {HOST_CONSOLE_TEXTS.seatParty(seating.name)} · {partySizeLabel(seating.partySize)}
              </span>
              <button type="button" className="button" onClick={() => setSeating(null)}>
                {HOST_CONSOLE_TEXTS.stopSeating}
              </button>
            </div>
          )}
          <FloorPlan
            tables={tables.data ?? []}
            orders={orders.data ?? []}
            leaving={partyLeft.leaving}
            {...(partyLeft.busy ? {} : { onDeparted: (table: Table) => setAskingLeft(table) })}
            {...(seating && !seat.isPending
              ? {
                  onSeat: (table) =>
                    seat.mutate({ target: seating, tableId: table.id }, { onSuccess: () => setSeating(null) }),
                }
              : {})}
          />
        </>
      )}

      {adding && (
        <ReservationDialog
          times={times.data?.times}
          busy={create.isPending}
          onSubmit={(values, done) => create.mutate(values, { onSuccess: done })}
          onClose={() => setAdding(false)}
        />
      )}
      {askingLeft && (
        <ConfirmDialog
          question={TABLE_SERVICE_TEXTS.departedQuestion(askingLeft.number)}
          detail={TABLE_SERVICE_TEXTS.departedDetail}
          action={TABLE_SERVICE_TEXTS.markDeparted}
          busy={false}
          onCancel={() => setAskingLeft(null)}
          onConfirm={() => {
            partyLeft.leave(askingLeft);
            setAskingLeft(null);
          }}
        />
      )}
    </section>
  );
}

/** Where the summary prints when this terminal drives no receipt printer: another of its printers,
 * or the browser's print dialog. */
function SummaryPrinterChoice(props: {
  printers: readonly Printer[];
  onPrinter: (id: string) => void;
  onBrowser: () => void;
  onCancel: () => void;
}) {
  return (
    <div className="dialog-backdrop">
      <div
        className="dialog"
        role="dialog"
        aria-modal="true"
        aria-labelledby="summary-printer-title"
        data-testid="summary-printer-choice"
      >
        <h2 id="summary-printer-title">{HOST_CONSOLE_TEXTS.summaryChooseTitle}</h2>
        <p>{HOST_CONSOLE_TEXTS.summaryNoReceiptPrinter}</p>
        <div className="dialog-actions summary-choices">
          {props.printers.map((p) => (
            <button key={p.id} type="button" className="button" onClick={() => props.onPrinter(p.id)}>
              {HOST_CONSOLE_TEXTS.summaryOnPrinter(p.name)}
            </button>
          ))}
          <button
            type="button"
            className="button primary"
            data-testid="summary-browser-print"
            onClick={props.onBrowser}
          >
            {HOST_CONSOLE_TEXTS.summaryBrowserPrint}
          </button>
          <button type="button" className="button" onClick={props.onCancel}>
            {HOST_CONSOLE_TEXTS.summaryCancel}
          </button>
        </div>
      </div>
    </div>
  );
}
