// Seat selection (spec 3 sections 2 and 4): the free tables that fit the party, as a list or on the
// floor map, with the zone, size and feature filters. Picking a table holds it on the server for
// about 3 minutes; the countdown shows minutes:seconds, and while it runs no other table can be
// picked. A refreshed page continues the hold the server knows of. Confirm seats the party;
// Cancel lets the table go; a hold that runs out clears the selection with 'Reservation Expired'.
import {
  filterSeats,
  GUEST_MAP_ZONES,
  GUEST_SEAT_TEXTS,
  type GuestTable,
  getGuestSeatRequest,
  holdCountdown,
  initialSeatHold,
  isSafeRedirect,
  MESSAGES,
  NO_SEAT_FILTERS,
  PARTY_SIZE,
  partySizeLabel,
  SEAT_FILTER_PARTY_SIZES,
  type SeatFeature,
  type SeatFilters,
  type SeatHold,
  seatHoldReducer,
  selectTableProblem,
  staleKeysFor,
  withQuery,
} from '@tablewise/shared';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useReducer, useRef, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { ApiError, failureText } from '../../../app/api-client.js';
import { useLiveEvents } from '../../../app/live.js';
import { storedSessionId } from '../../../app/storage.js';
import { useToast } from '../../../app/toast.js';
import { guestTablesQueryOptions, useGuestParty, useGuestSeatRequest, useGuestTables } from '../api/guest-tables.js';
import { useConfirmTable, useHoldTable, useReleaseTable } from '../api/hold.js';
import { TableMap } from './TableMap.js';

const FEATURES: readonly SeatFeature[] = ['accessibility', 'view', 'plugs', 'quiet'];

/** 'Table 3' is table '3' in the spec's 'Table {table} ...' texts. */
function tableLabel(name: string): string {
  return name.replace(/^Table\s+/i, '');
}

function partySizeOf(raw: string | null): number | null {
  const n = Number(raw);
  return Number.isInteger(n) && n >= PARTY_SIZE.min && n <= PARTY_SIZE.max ? n : null;
}

export function SeatSelectionPage() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const toast = useToast();
  const queryClient = useQueryClient();
  const accessibility = params.get('accessibility') === '1';
  const party = useGuestParty(true);
  const partySize = partySizeOf(params.get('partySize')) ?? party.data?.session.partySize ?? null;
  const tables = useGuestTables({ partySize, accessibility }, !party.isPending);
  const hold = useHoldTable();
  const release = useReleaseTable();
  const confirm = useConfirmTable();

  // A party the host already seated at a table goes on to it: table confirmation, then the menu.
  const seatedAt = party.data?.session.tableId ?? null;
  const ownSessionId = party.data?.session.id ?? null;
  useEffect(() => {
    if (seatedAt && ownSessionId) {
      navigate(withQuery('/guest/table-confirmation', { sessionId: ownSessionId, tableId: seatedAt }), {
        replace: true,
      });
    }
  }, [seatedAt, ownSessionId, navigate]);

  // During a rush the host approves each table choice (issue 27): the request waits with the table
  // held; approval seats the session (the effect above moves on), any other answer is said once.
  const request = useGuestSeatRequest(party.isSuccess && !seatedAt);
  const latest = request.data?.request ?? null;
  const [askedId, setAskedId] = useState<string | null>(null);
  const waiting = latest?.status === 'PENDING' ? latest : null;
  useEffect(() => {
    if (waiting) setAskedId(waiting.id);
  }, [waiting]);

  // The hold: a pure reducer (shared/src/rules/seat-hold.ts) of the clock, the server's answers and
  // reads, and the guest's taps. A party seated meanwhile is becoming its table: no expiry.
  const [holdState, dispatch] = useReducer(seatHoldReducer, undefined, () => initialSeatHold(new Date()));
  const held = holdState.hold;
  useEffect(() => {
    if (seatedAt) dispatch({ type: 'confirm' });
  }, [seatedAt]);
  useEffect(() => {
    if (tables.data) dispatch({ type: 'read', tables: tables.data, at: tables.dataUpdatedAt });
  }, [tables.data, tables.dataUpdatedAt]);

  useEffect(() => {
    if (waiting) dispatch({ type: 'confirm' });
  }, [waiting]);
  useEffect(() => {
    if (!latest || latest.id !== askedId || latest.status === 'PENDING' || latest.status === 'APPROVED') return;
    setAskedId(null);
    dispatch({ type: 'confirmRefused' });
    const description =
      latest.status === 'DECLINED'
        ? GUEST_SEAT_TEXTS.hostDeclined(latest.tableName)
        : latest.status === 'EXPIRED'
          ? GUEST_SEAT_TEXTS.hostDidNotAnswer(latest.tableName)
          : null;
    if (description) toast({ title: GUEST_SEAT_TEXTS.hostDeclinedTitle, description, variant: 'destructive' });
    void queryClient.invalidateQueries({ queryKey: guestTablesQueryOptions().queryKey });
  }, [latest, askedId, toast, queryClient]);

  const [view, setView] = useState<'list' | 'map'>('list');
  const [filters, setFilters] = useState<SeatFilters>({
    ...NO_SEAT_FILTERS,
    features: accessibility ? ['accessibility'] : [],
  });

  const countdown = held ? holdCountdown(held.expiresAt, holdState.now) : null;
  useEffect(() => {
    if (!held) return;
    dispatch({ type: 'tick', now: new Date() });
    const timer = window.setInterval(() => dispatch({ type: 'tick', now: new Date() }), 1000);
    return () => window.clearInterval(timer);
  }, [held]);

  // A hold that ran out (by its clock, or on the server: its sweep or the staff let it go first)
  // is said once, and the tables are read again.
  const announced = useRef<SeatHold | null>(null);
  useEffect(() => {
    if (!holdState.expired || holdState.expired === announced.current) return;
    announced.current = holdState.expired;
    toast({ title: MESSAGES.holdExpiredTitle, description: MESSAGES.holdExpired, variant: 'destructive' });
    void queryClient.invalidateQueries({ queryKey: guestTablesQueryOptions().queryKey });
  }, [holdState.expired, toast, queryClient]);

  // A read that fails is said once; 401 is the page's own not-found screen.
  const failedRead = tables.isError && !(tables.error instanceof ApiError && tables.error.status === 401);
  useEffect(() => {
    if (failedRead) {
      toast({ title: MESSAGES.tablesLoadFailedTitle, description: MESSAGES.tablesLoadFailed, variant: 'destructive' });
    }
  }, [failedRead, toast]);

  const live = useLiveEvents(tables.data !== undefined, {
    onEvent: (event) => {
      for (const queryKey of staleKeysFor(event.type)) void queryClient.invalidateQueries({ queryKey });
    },
    onConnected: () => void queryClient.invalidateQueries({ queryKey: guestTablesQueryOptions().queryKey }),
    onGiveUp: (message) => toast({ title: message, variant: 'destructive' }),
  });

  const pick = (table: GuestTable) => {
    if (held?.tableId === table.id) return;
    const problem = selectTableProblem(held, new Date());
    if (problem) {
      toast({ title: MESSAGES.tableAlreadyReservedTitle, description: problem, variant: 'destructive' });
      return;
    }
    hold.mutate(table.id, {
      onSuccess: (answer) => {
        dispatch({
          type: 'held',
          tableId: answer.tableId,
          tableName: answer.tableName,
          expiresAt: new Date(answer.expiresAt),
          at: Date.now(),
        });
        // A read already on its way was asked before the hold: it is dropped and asked again.
        const queryKey = guestTablesQueryOptions().queryKey;
        void queryClient.cancelQueries({ queryKey }).then(() => queryClient.invalidateQueries({ queryKey }));
        toast({
          title: MESSAGES.tableReservedTitle,
          description: MESSAGES.tableReserved(tableLabel(answer.tableName)),
        });
      },
      onError: (error) => {
        const text = failureText(error, MESSAGES.holdFailed);
        const title =
          text === MESSAGES.tableAlreadyReserved ? MESSAGES.tableAlreadyReservedTitle : MESSAGES.holdFailedTitle;
        toast({ title, description: text, variant: 'destructive' });
      },
    });
  };

  const onConfirm = () => {
    if (!held) {
      toast({ title: MESSAGES.noTableSelectedTitle, description: MESSAGES.noTableSelected, variant: 'destructive' });
      return;
    }
    const sessionId = party.data?.session.id ?? storedSessionId();
    dispatch({ type: 'confirm' });
    confirm.mutate(
      { tableId: held.tableId, sessionId },
      {
        onSuccess: (answer) => {
          if (answer.awaitingHost) {
            setAskedId(answer.requestId ?? null);
            toast({ title: GUEST_SEAT_TEXTS.sentToHostTitle, description: GUEST_SEAT_TEXTS.sentToHost });
            void queryClient.invalidateQueries({ queryKey: getGuestSeatRequest.key() });
            return;
          }
          toast({ title: MESSAGES.tableConfirmedTitle });
          navigate(
            isSafeRedirect(answer.redirectUrl)
              ? answer.redirectUrl
              : withQuery('/guest/table-confirmation', { sessionId: answer.sessionId, tableId: answer.tableId }),
          );
        },
        onError: (error) => {
          dispatch({ type: 'confirmRefused' });
          toast({
            title: MESSAGES.unableToConfirmTableTitle,
            description: failureText(error, MESSAGES.confirmTableFailed),
            variant: 'destructive',
          });
        },
      },
    );
  };

  const onCancel = () => {
    if (!held) return;
    dispatch({ type: 'cancel' });
    release.mutate(held.tableId);
  };

  if ((party.isError && !partySize) || (tables.error instanceof ApiError && tables.error.status === 401)) {
    return (
      <main className="page page-center" data-testid="session-not-found">
        <h1>{MESSAGES.sessionNotFoundTitle}</h1>
        <p className="muted">{MESSAGES.sessionNotFound}</p>
        <Link className="button button-primary" to="/guest/checkin">
          {GUEST_SEAT_TEXTS.backToCheckin}
        </Link>
      </main>
    );
  }

  const shown = filterSeats(tables.data ?? [], filters);
  const toggleFeature = (f: SeatFeature) =>
    setFilters((current) => ({
      ...current,
      features: current.features.includes(f) ? current.features.filter((x) => x !== f) : [...current.features, f],
    }));

  return (
    <main className="page seat-page" data-testid="seat-selection" aria-busy={tables.isPending}>
      <header className="page-header">
        <h1>{GUEST_SEAT_TEXTS.seatTitle}</h1>
        {partySize ? <p className="muted">{GUEST_SEAT_TEXTS.seatSubtitle(partySizeLabel(partySize))}</p> : null}
        {live === 'failed' ? (
          <p className="error-text small" role="alert">
            {MESSAGES.liveReconnectFailed}
          </p>
        ) : null}
      </header>

      <section className="seat-filters" aria-label={GUEST_SEAT_TEXTS.features}>
        <label className="field seat-zone">
          <span>{GUEST_SEAT_TEXTS.zone}</span>
          <select
            data-testid="zone-filter"
            value={filters.zone ?? ''}
            onChange={(e) => setFilters((c) => ({ ...c, zone: e.target.value || null }))}
          >
            <option value="">{GUEST_SEAT_TEXTS.allZones}</option>
            {GUEST_MAP_ZONES.map((z) => (
              <option key={z} value={z}>
                {z}
              </option>
            ))}
          </select>
        </label>
        <fieldset className="chips">
          <legend className="small muted">{GUEST_SEAT_TEXTS.partySize}</legend>
          <button
            type="button"
            className={filters.minSeats === null ? 'chip chip-on' : 'chip'}
            aria-pressed={filters.minSeats === null}
            onClick={() => setFilters((c) => ({ ...c, minSeats: null }))}
          >
            {GUEST_SEAT_TEXTS.anySize}
          </button>
          {SEAT_FILTER_PARTY_SIZES.map((n) => (
            <button
              key={n}
              type="button"
              data-testid={`size-filter-${n}`}
              className={filters.minSeats === n ? 'chip chip-on' : 'chip'}
              aria-pressed={filters.minSeats === n}
              onClick={() => setFilters((c) => ({ ...c, minSeats: c.minSeats === n ? null : n }))}
            >
              {GUEST_SEAT_TEXTS.seatsAtLeast(n)}
            </button>
          ))}
        </fieldset>
        <fieldset className="chips">
          <legend className="small muted">{GUEST_SEAT_TEXTS.features}</legend>
          {FEATURES.map((f) => (
            <button
              key={f}
              type="button"
              data-testid={`feature-filter-${f}`}
              className={filters.features.includes(f) ? 'chip chip-on' : 'chip'}
              aria-pressed={filters.features.includes(f)}
              onClick={() => toggleFeature(f)}
            >
              {GUEST_SEAT_TEXTS.featureLabels[f]}
            </button>
          ))}
        </fieldset>
        <div className="tabs" role="tablist">
          {(['list', 'map'] as const).map((v) => (
            <button
              key={v}
              type="button"
              role="tab"
              aria-selected={view === v}
              data-testid={`view-${v}`}
              className={view === v ? 'tab tab-active' : 'tab'}
              onClick={() => setView(v)}
            >
              {v === 'list' ? GUEST_SEAT_TEXTS.listView : GUEST_SEAT_TEXTS.mapView}
            </button>
          ))}
        </div>
      </section>

      {tables.isPending ? (
        <p role="status">{GUEST_SEAT_TEXTS.loadingTables}</p>
      ) : shown.length === 0 ? (
        <p className="muted" data-testid="no-tables">
          {GUEST_SEAT_TEXTS.noTablesMatch}
        </p>
      ) : view === 'map' ? (
        <TableMap tables={shown} selectedId={held?.tableId ?? null} onPick={pick} />
      ) : (
        <ul className="seat-list" data-testid="seat-list">
          {shown.map((t) => (
            <SeatCard key={t.id} table={t} held={held?.tableId === t.id} busy={hold.isPending} onPick={pick} />
          ))}
        </ul>
      )}

      <div className="hold-bar" data-testid="hold-bar">
        {waiting ? (
          <div className="hold-text seat-request-waiting" data-testid="seat-request-waiting" role="status">
            <strong>{GUEST_SEAT_TEXTS.waitingForHost(waiting.tableName)}</strong>
            <span className="muted small">{GUEST_SEAT_TEXTS.waitingForHostDetail}</span>
          </div>
        ) : null}
        {held && countdown && !waiting ? (
          <p className="hold-text" role="timer" aria-live="off">
            <strong data-testid="held-table">{held.tableName}</strong>
            <span className="muted small">{GUEST_SEAT_TEXTS.holdTimer}</span>
            <span className="hold-countdown" data-testid="hold-countdown">
              {countdown.text}
            </span>
          </p>
        ) : null}
        <div className="hold-actions">
          {held ? (
            <button type="button" className="button" data-testid="cancel-selection" onClick={onCancel}>
              {GUEST_SEAT_TEXTS.cancelSelection}
            </button>
          ) : (
            <Link className="button" to="/guest/checkin" data-testid="back-to-checkin">
              {GUEST_SEAT_TEXTS.backToCheckin}
            </Link>
          )}
          <button
            type="button"
            className="button button-primary"
            data-testid="confirm-selection"
            // A tap on Confirm while the pick is still being held waits for the hold, instead of
            // answering 'no table selected' for the table the guest has just picked.
            disabled={confirm.isPending || hold.isPending || waiting !== null}
            onClick={onConfirm}
          >
            {confirm.isPending ? GUEST_SEAT_TEXTS.confirming : GUEST_SEAT_TEXTS.confirmSelection}
          </button>
        </div>
      </div>
    </main>
  );
}

function SeatCard({
  table,
  held,
  busy,
  onPick,
}: {
  table: GuestTable;
  held: boolean;
  busy: boolean;
  onPick: (t: GuestTable) => void;
}) {
  const features = FEATURES.filter(
    (f) =>
      (f === 'accessibility' && table.isAccessible) ||
      (f === 'view' && table.hasView) ||
      (f === 'plugs' && table.hasPlugs) ||
      (f === 'quiet' && table.isQuiet),
  );
  return (
    <li
      className={held ? 'card seat-card seat-card-held' : 'card seat-card'}
      data-testid="seat-card"
      data-table-id={table.id}
    >
      <div className="seat-card-main">
        <h2 className="card-title">{table.name}</h2>
        <p className="muted small">
          {[table.zone, GUEST_SEAT_TEXTS.seats(table.capacity)].filter(Boolean).join(' · ')}
        </p>
        {features.length > 0 ? (
          <div className="badges">
            {features.map((f) => (
              <span key={f} className="badge">
                {GUEST_SEAT_TEXTS.featureLabels[f]}
              </span>
            ))}
          </div>
        ) : null}
      </div>
      <button
        type="button"
        className={held ? 'button button-primary' : 'button'}
        data-testid="pick-table"
        aria-pressed={held}
        disabled={busy && !held}
        onClick={() => onPick(table)}
      >
        {held ? GUEST_SEAT_TEXTS.heldForYou : GUEST_SEAT_TEXTS.select}
      </button>
    </li>
  );
}
