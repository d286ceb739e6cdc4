// The staff app's frame: sidebar (registry groups, quick actions, footer), header and the page.
import {
  DASHBOARD_TITLE,
  DASHBOARD_TITLE_MOBILE,
  type Feature,
  MESSAGES,
  navigationGroups,
  PRODUCT_NAME,
  SHELL_TEXTS,
  SIDEBAR,
  SIDEBAR_QUICK_ACTIONS,
  TAGLINE,
} from '@tablewise/shared';
import { type CSSProperties, type ReactNode, useCallback, useEffect, useState } from 'react';
import { NavLink } from 'react-router-dom';
import { isToggleShortcut, readSidebarOpen, sidebarCookie } from '../sidebar-state.js';
import { Icon } from './icon.js';
import { TerminalBanner } from './terminal-banner.js';

export interface AppShellProps {
  /** Registry features whose screens this app has. */
  features: readonly Feature[];
  routeCount: number;
  /** True while the live channel is connected. */
  liveActive: boolean;
  /** A message to show when the live channel failed for good. */
  liveError: string | null;
  /** What the header shows on the right: the signed-in user and the sign-out button. */
  account: ReactNode;
  children: ReactNode;
}

function useSidebarOpen(): [boolean, () => void] {
  const [open, setOpen] = useState(
    () => readSidebarOpen(document.cookie) ?? window.innerWidth >= SIDEBAR.mobileBreakpointPx,
  );
  const toggle = useCallback(() => setOpen((was) => !was), []);
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
  return [open, toggle];
}

export function AppShell({ features, routeCount, liveActive, liveError, account, children }: AppShellProps) {
  const [open, toggle] = useSidebarOpen();
  const groups = navigationGroups(features);
  const style = {
    '--sidebar-width': `${SIDEBAR.widthRem}rem`,
    '--sidebar-icon-width': `${SIDEBAR.iconWidthRem}rem`,
  } as CSSProperties;

  return (
    <div className="shell" data-sidebar={open ? 'expanded' : 'collapsed'} style={style}>
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
                    // no quick action is registered in this build: the spec's behaviour is a console entry
                    onClick={() => console.log(`Quick action: ${action.title}`)}
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
              {liveActive ? SHELL_TEXTS.autoIntegrationStatusActive : SHELL_TEXTS.autoIntegrationStatusLoading}
            </strong>
          </div>
          <div>
            {SHELL_TEXTS.featuresCount(features.length)} · {SHELL_TEXTS.routesCount(routeCount)}
          </div>
        </footer>
      </aside>
      <div className="shell-main">
        <header className="header">
          <button
            type="button"
            className="icon-button"
            onClick={toggle}
            aria-label={SHELL_TEXTS.toggleSidebar}
            aria-expanded={open}
          >
            ☰
          </button>
          <span className="header-title">
            <span className="wide-only">{DASHBOARD_TITLE}</span>
            <span className="narrow-only">{DASHBOARD_TITLE_MOBILE}</span>
          </span>
          <span className="header-badge" data-testid="auto-integration">
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
    </div>
  );
}
