// Shows a screen only to staff whose role includes it (docs/roles.md); '/' sends a member whose
// duty keeps them from the dashboard to their own home. The server refuses the calls a role may
// not make on its own; this keeps the screens a member sees to those of their duty. On a terminal,
// a screen whose calls only the cloud answers (shared screenNeedsCloud) says so instead of asking.
import { ACCESS_TEXTS, canSeeScreen, homeScreenFor, screenNeedsCloud } from '@tablewise/shared';
import type { ReactNode } from 'react';
import { Link, Navigate } from 'react-router-dom';
import { useMe } from '../../../api/get-me.js';
import { useAppTier } from '../../../app/may-call.js';

export function ScreenGuard({ path, children }: { path: string; children: ReactNode }) {
  const me = useMe();
  const tier = useAppTier();
  const principal = me.data?.principal;
  if (!principal || canSeeScreen(principal, path)) {
    if (screenNeedsCloud(path, 'terminal') && tier !== 'cloud') {
      // Not asked until the app knows where it runs: on a terminal, every call would be a 404.
      if (tier === null) return <p className="page-status">…</p>;
      return (
        <section className="needs-cloud" data-testid="needs-cloud">
          <h1>{ACCESS_TEXTS.needsCloudTitle}</h1>
          <p>{ACCESS_TEXTS.needsCloudHint}</p>
          {principal ? (
            <Link className="button" to={homeScreenFor(principal)}>
              {ACCESS_TEXTS.goToMyScreen}
            </Link>
          ) : null}
        </section>
      );
    }
    return <>{children}</>;
  }
  const home = homeScreenFor(principal);
  if (path === '/' && home !== '/') return <Navigate to={home} replace />;
  return (
    <section className="not-found" data-testid="not-permitted">
      <h1>{ACCESS_TEXTS.notPermittedTitle}</h1>
      <p>{ACCESS_TEXTS.notPermittedHint}</p>
      <Link className="button" to={homeScreenFor(principal)}>
        {ACCESS_TEXTS.goToMyScreen}
      </Link>
    </section>
  );
}
