// The dashboard's header (spec 2 section 2.1): search that finds a table, a guest or an order and
// opens it; the shift selector; the notification bell counting the staff alerts not read yet on
// this device; the user menu.
import {
  DASHBOARD_TEXTS,
  DASHBOARD_TITLE,
  DASHBOARD_TITLE_MOBILE,
  type MeAnswer,
  type Order,
  SHIFTS,
  type Shift,
  type Table,
  type WaitlistEntry,
} from '@tablewise/shared';
import { type RefObject, useEffect, useRef, useState } from 'react';
import { useStaffAlerts } from '../../../api/get-events.js';
import { useMe } from '../../../api/get-me.js';
import { useBookableTimes } from '../../../api/get-reservations.js';
import { useLogout } from '../../../api/logout.js';
import { useVenueClock } from '../../../components/use-venue-clock.js';

export type SearchHit =
  | { kind: 'table'; id: string; label: string; table: Table }
  | { kind: 'guest'; id: string; label: string; entry: WaitlistEntry | null; table: Table | null }
  | { kind: 'order'; id: string; label: string; order: Order };

/** What the search box finds: tables by number or name, guests by name (seated or waiting),
 * orders by the end of their number. */
export function searchHits(
  text: string,
  data: { tables: readonly Table[]; waitlist: readonly WaitlistEntry[]; orders: readonly Order[] },
): SearchHit[] {
  const s = text.trim().toLowerCase().replace(/^#/, '');
  if (s.length === 0) return [];
  const hits: SearchHit[] = [];
  for (const t of data.tables) {
    if (t.number.toLowerCase() === s || t.name.toLowerCase().includes(s))
      hits.push({ kind: 'table', id: t.id, label: t.name, table: t });
    if (t.partyName?.toLowerCase().includes(s))
      hits.push({ kind: 'guest', id: `seated:${t.id}`, label: `${t.partyName} · ${t.name}`, entry: null, table: t });
  }
  for (const e of data.waitlist) {
    if ((e.status === 'WAITING' || e.status === 'NOTIFIED') && e.guestName.toLowerCase().includes(s))
      hits.push({
        kind: 'guest',
        id: e.id,
        label: `${e.guestName} · ${DASHBOARD_TEXTS.waitlistCard}`,
        entry: e,
        table: null,
      });
  }
  for (const o of data.orders) {
    if (s.length >= 3 && o.id.toLowerCase().includes(s))
      hits.push({
        kind: 'order',
        id: o.id,
        label: `${DASHBOARD_TEXTS.orderLabel(o.id)} · ${o.tableName ?? ''}`,
        order: o,
      });
  }
  return hits.slice(0, 8);
}

const READ_KEY = 'tablewise.alerts.readSeq';

/** A header popover closes as a menu does: a press outside it, or Escape. Left open, it lay over the
 * tabs below and took their clicks (the button crawl could not click 'Overview'). */
function useDismiss(ref: RefObject<HTMLElement | null>, open: boolean, close: () => void) {
  useEffect(() => {
    if (!open) return;
    const onPointer = (e: PointerEvent) => {
      if (ref.current && !ref.current.contains(e.target as Node)) close();
    };
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') close();
    };
    document.addEventListener('pointerdown', onPointer);
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('pointerdown', onPointer);
      document.removeEventListener('keydown', onKey);
    };
  }, [ref, open, close]);
}

function Bell() {
  const alerts = useStaffAlerts();
  const clock = useVenueClock();
  const [open, setOpen] = useState(false);
  const menu = useRef<HTMLDivElement>(null);
  useDismiss(menu, open, () => setOpen(false));
  const [readSeq, setReadSeq] = useState(() => Number(localStorage.getItem(READ_KEY) ?? 0));
  const list = alerts.data ?? [];
  const unread = list.filter((e) => e.seq > readSeq).length;
  const markRead = () => {
    const top = list[0]?.seq ?? readSeq;
    localStorage.setItem(READ_KEY, String(top));
    setReadSeq(top);
  };
  return (
    <div className="dash-menu" ref={menu}>
      <button
        type="button"
        className="button dash-bell"
        aria-label={`${DASHBOARD_TEXTS.notifications}: ${unread}`}
        aria-expanded={open}
        onClick={() => setOpen((o) => !o)}
        data-testid="dash-bell"
      >
        <svg
          aria-hidden="true"
          width="20"
          height="20"
          viewBox="0 0 24 24"
          fill="none"
          stroke="currentColor"
          strokeWidth="2"
        >
          <path d="M6 8a6 6 0 0 1 12 0c0 7 3 9 3 9H3s3-2 3-9" />
          <path d="M10.3 21a1.94 1.94 0 0 0 3.4 0" />
        </svg>
        {unread > 0 && (
          <span className="bell-badge" data-testid="dash-bell-count">
            {unread}
          </span>
        )}
      </button>
      {open && (
        <div className="dash-popover" role="menu">
          <strong>{DASHBOARD_TEXTS.notifications}</strong>
          {list.length === 0 && <p className="empty">{DASHBOARD_TEXTS.noNotifications}</p>}
          <ul className="dash-list">
            {list.slice(0, 10).map((e) => {
              const alert = (e.payloadJson.alert ?? {}) as { message?: string; sentBy?: string };
              return (
                <li key={e.seq} className={`dash-row ${e.seq > readSeq ? 'unread' : ''}`}>
                  <span>{alert.message}</span>
                  <span className="muted">
                    {alert.sentBy} · {clock(e.createdAt)}
                  </span>
                </li>
              );
            })}
          </ul>
          <button type="button" className="button" onClick={markRead} disabled={unread === 0}>
            {DASHBOARD_TEXTS.markAllRead}
          </button>
        </div>
      )}
    </div>
  );
}

function UserMenu({ me }: { me: MeAnswer }) {
  const logout = useLogout();
  const times = useBookableTimes();
  const [open, setOpen] = useState(false);
  const [panel, setPanel] = useState<'profile' | 'settings' | null>(null);
  const menu = useRef<HTMLDivElement>(null);
  useDismiss(menu, open, () => {
    setOpen(false);
    setPanel(null);
  });
  const name = [me.user.firstName, me.user.lastName].filter(Boolean).join(' ') || me.user.email;
  return (
    <div className="dash-menu" ref={menu}>
      <button
        type="button"
        className="button"
        aria-expanded={open}
        aria-label={DASHBOARD_TEXTS.userMenu}
        onClick={() => setOpen((o) => !o)}
        data-testid="dash-user-menu"
      >
        {name}
      </button>
      {open && (
        <div className="dash-popover" role="menu">
          <button type="button" role="menuitem" className="button" onClick={() => setPanel('profile')}>
            {DASHBOARD_TEXTS.profile}
          </button>
          <button type="button" role="menuitem" className="button" onClick={() => setPanel('settings')}>
            {DASHBOARD_TEXTS.settings}
          </button>
          <button type="button" role="menuitem" className="button" onClick={() => logout.mutate()}>
            {DASHBOARD_TEXTS.signOut}
          </button>
          {panel === 'profile' && (
            <div className="dash-menu-panel" data-testid="dash-profile">
              <strong>{name}</strong>
              <span>{me.user.email}</span>
              <span>{DASHBOARD_TEXTS.profileRole(me.principal.role)}</span>
            </div>
          )}
          {panel === 'settings' && (
            <div className="dash-menu-panel" data-testid="dash-settings">
              <span>{DASHBOARD_TEXTS.settingsTimeZone(times.data?.timeZone ?? '…')}</span>
            </div>
          )}
        </div>
      )}
    </div>
  );
}

export function DashboardHeader(props: {
  search: string;
  onSearch(text: string): void;
  hits: readonly SearchHit[];
  onOpen(hit: SearchHit): void;
  shift: Shift;
  onShift(shift: Shift): void;
}) {
  const me = useMe();
  return (
    <div className="page-header dash-header">
      <h1>
        <span className="wide-only">{DASHBOARD_TITLE}</span>
        <span className="narrow-only">{DASHBOARD_TITLE_MOBILE}</span>
      </h1>
      <select
        className="wide-only dash-shift"
        aria-label={DASHBOARD_TEXTS.shiftLabel}
        value={props.shift}
        onChange={(e) => props.onShift(e.target.value as Shift)}
        data-testid="dash-shift"
      >
        {SHIFTS.map((s) => (
          <option key={s} value={s}>
            {DASHBOARD_TEXTS.shifts[s]}
          </option>
        ))}
      </select>
      <div className="dash-search-box">
        <input
          type="search"
          className="dash-search"
          placeholder={DASHBOARD_TEXTS.searchPlaceholder}
          aria-label={DASHBOARD_TEXTS.searchPlaceholder}
          value={props.search}
          onChange={(e) => props.onSearch(e.target.value)}
          onKeyDown={(e) => {
            if (e.key === 'Enter' && props.hits[0]) props.onOpen(props.hits[0]);
          }}
          data-testid="dashboard-search"
        />
        {props.search.trim() && (
          <ul className="dash-popover dash-hits" data-testid="dash-search-hits">
            {props.hits.length === 0 && <li className="empty">{DASHBOARD_TEXTS.searchNoResults}</li>}
            {props.hits.map((h) => (
              <li key={`${h.kind}:${h.id}`}>
                <button
                  type="button"
                  className="dash-hit"
                  onClick={() => props.onOpen(h)}
                  data-testid="dash-search-hit"
                >
                  <span className="badge">{DASHBOARD_TEXTS.searchKinds[h.kind]}</span> {h.label}
                </button>
              </li>
            ))}
          </ul>
        )}
      </div>
      <Bell />
      {me.data && <UserMenu me={me.data} />}
    </div>
  );
}
