import { FEATURES, featuresWithScreens, LOGIN_TEXTS } from '@tablewise/shared';
import { createBrowserRouter, Navigate, Outlet } from 'react-router-dom';
import { useLogout } from '../features/auth/api/logout.js';
import { AuthGate } from '../features/auth/components/auth-gate.js';
import { AppShell } from '../features/shell/components/app-shell.js';
import { NotFound } from '../features/shell/components/not-found.js';
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

function Shell({ name }: { name: string }) {
  const live = useLiveState();
  return (
    <AppShell
      features={features}
      routeCount={SCREENS.length}
      liveActive={live.status === 'open'}
      liveError={live.status === 'failed' ? live.error : null}
      account={<Account name={name} />}
    >
      <Outlet />
    </AppShell>
  );
}

function Root() {
  return (
    <AuthGate>
      {(me) => (
        <LiveProvider>
          <Shell name={[me.user.firstName, me.user.lastName].filter(Boolean).join(' ') || me.user.email} />
        </LiveProvider>
      )}
    </AuthGate>
  );
}

export function createRouter() {
  return createBrowserRouter([
    {
      path: '/',
      element: <Root />,
      children: [
        // '/' is the dashboard's own route; a build whose home is elsewhere sends '/' there.
        ...(HOME_PATH === '/' ? [] : [{ index: true, element: <Navigate to={HOME_PATH} replace /> }]),
        ...SCREENS.map((s) =>
          s.path === '/' ? { index: true, element: s.element } : { path: s.path, element: s.element },
        ),
        { path: '*', element: <NotFound /> },
      ],
    },
  ]);
}
