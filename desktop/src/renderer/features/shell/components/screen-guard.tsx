// Shows a screen only to staff whose role includes it (docs/roles.md); '/' sends a member whose
// duty keeps them from the dashboard to their own home. The server refuses the calls a role may
// not make on its own; this keeps the screens a member sees to those of their duty.
import { ACCESS_TEXTS, canSeeScreen, homeScreenFor } from '@tablewise/shared';
import type { ReactNode } from 'react';
import { Link, Navigate } from 'react-router-dom';
import { useMe } from '../../../api/get-me.js';

export function ScreenGuard({ path, children }: { path: string; children: ReactNode }) {
  const me = useMe();
  const principal = me.data?.principal;
  if (!principal || canSeeScreen(principal, path)) return <>{children}</>;
  const home = homeScreenFor(principal);
  if (path === '/' && home !== '/') return <Navigate to={home} replace />;
  return (
    <section className="not-found" data-testid="not-permitted">
      <h1>{ACCESS_TEXTS.notPermittedTitle}</h1>
      <p>{ACCESS_TEXTS.notPermittedHint}</p>
      <Link className="button" to={home}>
        {ACCESS_TEXTS.goToMyScreen}
      </Link>
    </section>
  );
}
