// The staff app's frame: sidebar (registry groups, quick actions, footer), header and the page.
// On a phone (under 768 px) the header is compact, the sidebar is a sheet over the page, and a
// bottom bar offers the primary screens plus More, which opens the remaining entries.
import {
  type CustomNavItem,
  DASHBOARD_TITLE,
  type Feature,
  MESSAGES,
  mobileNavigation,
  navigationGroups,
  PRODUCT_NAME,
  SHELL_MESSAGES,
  SHELL_TEXTS,
  type ShellQuickActionId,
  SIDEBAR,
  SIDEBAR_QUICK_ACTIONS,
  type StaffDuty,
  TAGLINE,
  TURNOVER_MESSAGES,
} from '@tablewise/shared';
import { type CSSProperties, type ReactNode, useCallback, useEffect, useMemo, useState } from 'react';
import { NavLink, useLocation } from 'react-router-dom';
import { useLiveMessages } from '../../../app/live-provider.js';
import { ShellContext, type ShellValue } from '../../../app/shell-context.js';
import { useToast } from '../../../components/toast.js';
import { isToggleShortcut, readSidebarOpen, sidebarCookie } from '../sidebar-state.js';
import { Icon } from './icon.js';
import { BUILT_QUICK_ACTIONS, QuickActionDialog } from './quick-actions.js';
import { TerminalBanner } from './terminal-banner.js';

export interface AppShellProps {
  /** Registry features whose screens this app has. */
  features: readonly Feature[];
  /** Sidebar entries outside the registry (the setup checklist, issue 24). */
  customNav?: readonly CustomNavItem[];
  /** The signed-in member's floor duty: their phone's bottom bar is their duty's screens. */
  duty: StaffDuty | null;
  routeCount: number;
  /** True while the live channel is connected. */
  liveActive: boolean;
  /** A message to show when the live channel failed for good. */
  liveError: string | null;
  /** What the header shows on the right: the signed-in user and the sign-out button. */
  account: ReactNode;
  children: ReactNode;
}

const PHONE_QUERY = `(max-width: ${SIDEBAR.mobileBreakpointPx - 1}px)`;

function useIsPhone(): boolean {
  const [phone, setPhone] = useState(() => window.matchMedia(PHONE_QUERY).matches);
  useEffect(() => {
    const query = window.matchMedia(PHONE_QUERY);
    const onChange = () => setPhone(query.matches);
    query.addEventListener('change', onChange);
    return () => query.removeEventListener('change', onChange);
  }, []);
  return phone;
}

/**
 * The desktop sidebar's open state (kept in the sidebar_state cookie) and, on a phone, whether the
 * sheet is showing (never kept: a phone opens on the page). Ctrl or Cmd + B toggles whichever
 * applies.
 */
function useSidebar(phone: boolean) {
  const [open, setOpen] = useState(() => readSidebarOpen(document.cookie) ?? true);
  const [sheetOpen, setSheetOpen] = useState(false);
  const toggle = useCallback(() => {
    if (phone) setSheetOpen((was) => !was);
    else setOpen((was) => !was);
  }, [phone]);
  useEffect(() => {
    // biome-ignore lint/suspicious/noDocumentCookie: the spec keeps the sidebar state in a cookie (sidebar_state)
    document.cookie = sidebarCookie(open);
  }, [open]);
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (isToggleShortcut(e)) {
        e.preventDefault();
        toggle();
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [toggle]);
  return { open, sheetOpen, setSheetOpen, toggle };
}

function Sidebar(props: {
  features: readonly Feature[];
  customNav?: readonly CustomNavItem[];
  routeCount: number;
  liveActive: boolean;
  onQuickAction: (id: ShellQuickActionId) => void;
}) {
  const groups = navigationGroups(props.features, props.customNav);
  return (
    <aside className="sidebar" data-testid="sidebar" aria-label="Sidebar">
      <div className="sidebar-brand">
        <span className="brand-mark" aria-hidden="true">
          T
        </span>
        <div className="sidebar-label">
          <div className="brand-name">{PRODUCT_NAME}</div>
          <div className="brand-tagline">{TAGLINE}</div>
        </div>
      </div>
      <nav className="sidebar-nav">
        {groups.map((group) => (
          <section key={group.category} className="nav-group" aria-label={group.title}>
            <h2 className="nav-group-title sidebar-label">{group.title}</h2>
            <ul>
              {group.items.map((item) => (
                <li key={item.url}>
                  <NavLink to={item.url} end title={item.description} className="nav-item">
                    <Icon name={item.icon} label={item.title} />
                    <span className="sidebar-label">{item.title}</span>
                  </NavLink>
                </li>
              ))}
            </ul>
          </section>
        ))}
        <section className="nav-group" aria-label={SHELL_TEXTS.quickActionsGroup}>
          <h2 className="nav-group-title sidebar-label">{SHELL_TEXTS.quickActionsGroup}</h2>
          <ul>
            {SIDEBAR_QUICK_ACTIONS.map((action) => (
              <li key={action.id}>
                <button
                  type="button"
                  className="nav-item"
                  title={action.title}
                  onClick={() => props.onQuickAction(action.id)}
                >
                  <Icon name={action.id} label={action.title} />
                  <span className="sidebar-label">{action.title}</span>
                </button>
              </li>
            ))}
          </ul>
        </section>
      </nav>
      <footer className="sidebar-footer sidebar-label" data-testid="sidebar-footer">
        <div>
          {SHELL_TEXTS.autoIntegrationLabel}:{' '}
          <strong>
            {props.liveActive ? SHELL_TEXTS.autoIntegrationStatusActive : SHELL_TEXTS.autoIntegrationStatusLoading}
          </strong>
        </div>
        <div>
          {SHELL_TEXTS.featuresCount(props.features.length)} · {SHELL_TEXTS.routesCount(props.routeCount)}
        </div>
      </footer>
    </aside>
  );
}

function BottomBar(props: {
  features: readonly Feature[];
  duty: StaffDuty | null;
  onQuickAction: (id: ShellQuickActionId) => void;
}) {
  const { primary, more } = mobileNavigation(props.features, props.duty);
  const [moreOpen, setMoreOpen] = useState(false);
  const location = useLocation();
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new location is the reason to close
  useEffect(() => setMoreOpen(false), [location.pathname]);
  return (
    <>
      <nav className="bottom-bar" aria-label="Primary" data-testid="bottom-bar">
        {primary.map((item) => (
          <NavLink key={item.url} to={item.url} end className="bottom-tab">
            <Icon name={item.icon} label={item.title} />
            <span>{item.title}</span>
          </NavLink>
        ))}
        <button
          type="button"
          className="bottom-tab"
          aria-expanded={moreOpen}
          onClick={() => setMoreOpen((was) => !was)}
          data-testid="bottom-more"
        >
          <Icon name="more" label={SHELL_TEXTS.more} />
          <span>{SHELL_TEXTS.more}</span>
        </button>
      </nav>
      {moreOpen && <div className="sheet-backdrop" onClick={() => setMoreOpen(false)} aria-hidden="true" />}
      {moreOpen && (
        <div className="more-sheet" role="dialog" aria-label={SHELL_TEXTS.more} data-testid="more-sheet">
          <ul>
            {more.map((item) => (
              <li key={item.url}>
                <NavLink to={item.url} end className="nav-item">
                  <Icon name={item.icon} label={item.title} />
                  <span>{item.title}</span>
                </NavLink>
              </li>
            ))}
          </ul>
          <h2 className="nav-group-title">{SHELL_TEXTS.quickActionsGroup}</h2>
          <ul>
            {SIDEBAR_QUICK_ACTIONS.map((action) => (
              <li key={action.id}>
                <button
                  type="button"
                  className="nav-item"
                  onClick={() => {
                    setMoreOpen(false);
                    props.onQuickAction(action.id);
                  }}
                >
                  <Icon name={action.id} label={action.title} />
                  <span>{action.title}</span>
                </button>
              </li>
            ))}
          </ul>
        </div>
      )}
    </>
  );
}

/** A staff alert from anyone in the venue shows as a toast on every staff screen; high and
 * critical ones in the destructive style so they stand out. */
function useStaffAlertToasts(): void {
  const { toast } = useToast();
  useLiveMessages((message) => {
    if (message.kind !== 'event' || !message.alert) return;
    const { alert } = message;
    toast({
      title: SHELL_MESSAGES.alertToastTitle(SHELL_MESSAGES.alertUrgencies[alert.urgency], alert.sentBy),
      description: alert.tableNumber ? SHELL_MESSAGES.alertAboutTable(alert.tableNumber, alert.message) : alert.message,
      variant: alert.urgency === 'HIGH' || alert.urgency === 'CRITICAL' ? 'destructive' : 'default',
    });
  });
}

/** The stuck-state check's warnings (spec 3 sections 4 and 8) show on every staff screen: long
 * cleaning and overdue QA as warnings, an abandoned session as news that the table went to cleaning. */
function useStuckTableToasts(): void {
  const { toast } = useToast();
  useLiveMessages((message) => {
    if (message.kind !== 'event' || !message.stuck) return;
    const { issue, message: text } = message.stuck;
    const title =
      issue === 'LONG_CLEANING'
        ? TURNOVER_MESSAGES.longCleaningTitle
        : issue === 'STUCK_QA'
          ? TURNOVER_MESSAGES.qaOverdueTitle
          : TURNOVER_MESSAGES.abandonedSessionTitle;
    toast({ title, description: text, variant: issue === 'ABANDONED_SESSION' ? 'default' : 'destructive' });
  });
}

export function AppShell({
  features,
  customNav,
  duty,
  routeCount,
  liveActive,
  liveError,
  account,
  children,
}: AppShellProps) {
  useStaffAlertToasts();
  useStuckTableToasts();
  const phone = useIsPhone();
  const { open, sheetOpen, setSheetOpen, toggle } = useSidebar(phone);
  const [action, setAction] = useState<ShellQuickActionId | null>(null);
  const location = useLocation();
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new location is the reason to close
  useEffect(() => setSheetOpen(false), [location.pathname, setSheetOpen]);
  const runQuickAction = useCallback(
    (id: ShellQuickActionId) => {
      setSheetOpen(false);
      // an action without a dialog in this build only logs, as the spec says of unregistered ones
      if (BUILT_QUICK_ACTIONS.has(id)) setAction(id);
      else console.log(`Quick action: ${id}`);
    },
    [setSheetOpen],
  );
  const shell: ShellValue = useMemo(() => ({ features, runQuickAction }), [features, runQuickAction]);
  const style = {
    '--sidebar-width': `${SIDEBAR.widthRem}rem`,
    '--sidebar-mobile-width': `${SIDEBAR.mobileWidthRem}rem`,
    '--sidebar-icon-width': `${SIDEBAR.iconWidthRem}rem`,
  } as CSSProperties;
  const expanded = phone ? sheetOpen : open;

  return (
    <ShellContext.Provider value={shell}>
      <div
        className="shell"
        data-sidebar={open ? 'expanded' : 'collapsed'}
        data-sheet={sheetOpen ? 'open' : 'closed'}
        data-phone={phone}
        style={style}
      >
        {(!phone || sheetOpen) && (
          <Sidebar
            features={features}
            {...(customNav ? { customNav } : {})}
            routeCount={routeCount}
            liveActive={liveActive}
            onQuickAction={runQuickAction}
          />
        )}
        {phone && sheetOpen && (
          <div className="sheet-backdrop sidebar-backdrop" onClick={() => setSheetOpen(false)} aria-hidden="true" />
        )}
        <div className="shell-main">
          <header className="header">
            <button
              type="button"
              className="icon-button"
              onClick={toggle}
              aria-label={SHELL_TEXTS.toggleSidebar}
              aria-expanded={expanded}
            >
              ☰
            </button>
            <span className="header-title">
              <span>{DASHBOARD_TITLE}</span>
              <span className="header-subtitle narrow-only">
                <span className={`dot ${liveActive ? 'dot-live' : ''}`} aria-hidden="true" />
                {SHELL_TEXTS.liveSystem}
              </span>
            </span>
            <span className="header-badge wide-only" data-testid="auto-integration">
              <span className={`dot ${liveActive ? 'dot-live' : ''}`} aria-hidden="true" />
              {MESSAGES.autoIntegrationActive}
            </span>
            <span className="header-count">{SHELL_TEXTS.smartFeaturesCount(features.length)}</span>
            <span className="header-spacer" />
            {account}
          </header>
          {liveError && (
            <p className="live-error" role="alert" data-testid="live-error">
              {liveError}
            </p>
          )}
          <TerminalBanner />
          <main className="page">{children}</main>
        </div>
        {phone && <BottomBar features={features} duty={duty} onQuickAction={runQuickAction} />}
        {action && <QuickActionDialog action={action} onClose={() => setAction(null)} />}
      </div>
    </ShellContext.Provider>
  );
}
