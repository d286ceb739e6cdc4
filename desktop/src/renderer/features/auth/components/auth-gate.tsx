import type { MeAnswer } from '@tablewise/shared';
import { LOGIN_TEXTS } from '@tablewise/shared';
import type { ReactNode } from 'react';
import { useMe } from '../../../api/get-me.js';
import { LoginScreen } from './login-screen.js';

/** Shows the login screen until /api/auth/me names a staff member, then the app. */
export function AuthGate({ children }: { children: (me: MeAnswer) => ReactNode }) {
  const me = useMe();
  if (me.isPending) return <p className="page-status">{LOGIN_TEXTS.checkingSession}</p>;
  if (me.isError) {
    // the server could not be reached or answered oddly: say so and let staff retry
    return (
      <div className="page-status">
        <p className="form-error" role="alert">
          {me.error.message}
        </p>
        <button type="button" className="button" onClick={() => void me.refetch()}>
          {LOGIN_TEXTS.tryAgain}
        </button>
      </div>
    );
  }
  if (me.data === null) return <LoginScreen />;
  return <>{children(me.data)}</>;
}
