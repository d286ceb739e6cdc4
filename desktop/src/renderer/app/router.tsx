import {
  canSeeScreen,
  FEATURES,
  featuresWithScreens,
  floorDuty,
  GUEST_PRIVACY_PATH,
  GUEST_PRIVACY_TEXTS,
  homeScreenFor,
  LOGIN_TEXTS,
  type MeAnswer,
  SETUP_CHECKLIST_PATH,
  SETUP_TEXTS,
} from '@tablewise/shared';
import { useEffect } from 'react';
import { createBrowserRouter, Navigate, Outlet, useLocation, useNavigate } from 'react-router-dom';
import { useLogout } from '../api/logout.js';
import { AcceptInvitationPage, ResetPasswordPage } from '../features/auth/components/account-pages.js';
import { AuthGate } from '../features/auth/components/auth-gate.js';
import { AppShell } from '../features/shell/components/app-shell.js';
import { NotFound } from '../features/shell/components/not-found.js';
import { ScreenGuard } from '../features/shell/components/screen-guard.js';
import { VenueSelector } from '../features/shell/components/venue-selector.js';
import { LiveProvider, useLiveState } from './live-provider.js';
import { HOME_PATH, SCREENS } from './screens.js';

const features = featuresWithScreens(
  FEATURES,
  SCREENS.map((s) => s.path),
);

function Account({ name }: { name: string }) {
  const logout = useLogout();
  return (
    <span className="account">
      <span className="account-name">{name}</span>
      <button type="button" className="button" onClick={() => logout.mutate()} disabled={logout.isPending}>
        {LOGIN_TEXTS.signOut}
      </button>
    </span>
  );
}

/** On signing in (or opening the app at '/'), a member lands on their duty's home: the host on
 * the Host Console (docs/roles.md). Moving to the dashboard later stays there. */
function useLanding(me: MeAnswer) {
  const navigate = useNavigate();
  const { pathname } = useLocation();
  // biome-ignore lint/correctness/useExhaustiveDependencies: only where the shell first opens
  useEffect(() => {
    const home = homeScreenFor(me.principal);
    if (pathname === '/' && home !== '/') navigate(home, { replace: true });
  }, []);
}

function Shell({ me }: { me: MeAnswer }) {
  useLanding(me);
  const live = useLiveState();
  const name = [me.user.firstName, me.user.lastName].filter(Boolean).join(' ') || me.user.email;
  // The sidebar shows only the screens of the member's role (docs/roles.md).
  const mine = features.filter((f) => canSeeScreen(me.principal, f.path));
  // Our own screens beyond the spec's registry: the setup checklist and guest privacy requests.
  const custom = [
    { title: SETUP_TEXTS.title, url: SETUP_CHECKLIST_PATH, icon: 'clipboard-check' },
    { title: GUEST_PRIVACY_TEXTS.title, url: GUEST_PRIVACY_PATH, icon: 'shield' },
  ]
    .filter((entry) => canSeeScreen(me.principal, entry.url))
    .map((entry) => ({ ...entry, description: entry.title, category: 'admin' as const }));
  return (
    <AppShell
      features={mine}
      customNav={custom}
      duty={floorDuty(me.principal)}
      routeCount={SCREENS.filter((s) => canSeeScreen(me.principal, s.path)).length}
      liveActive={live.status === 'open'}
      liveError={live.status === 'failed' ? live.error : null}
      account={
        <>
          <VenueSelector venueId={me.principal.venueId} />
          <Account name={name} />
        </>
      }
    >
      <Outlet />
    </AppShell>
  );
}

function Root() {
  return (
    <AuthGate>
      {(me) => (
        // A venue chosen in the header is a new live connection, and every screen reads again.
        <LiveProvider key={me.principal.venueId}>
          <Shell me={me} />
        </LiveProvider>
      )}
    </AuthGate>
  );
}

export function createRouter() {
  return createBrowserRouter([
    // Public: the links of the invitation and password reset mails (issue 24).
    { path: '/accept-invitation', element: <AcceptInvitationPage /> },
    { path: '/reset-password', element: <ResetPasswordPage /> },
    {
      path: '/',
      element: <Root />,
      children: [
        // '/' is the dashboard's own route; a build whose home is elsewhere sends '/' there.
        ...(HOME_PATH === '/' ? [] : [{ index: true, element: <Navigate to={HOME_PATH} replace /> }]),
        ...SCREENS.map((s) => {
          const element = (
            <ScreenGuard key={s.path} path={s.path}>
              {s.element}
            </ScreenGuard>
          );
          return s.path === '/' ? { index: true, element } : { path: s.path, element };
        }),
        { path: '*', element: <NotFound /> },
      ],
    },
  ]);
}
