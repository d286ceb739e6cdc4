import type { MeAnswer } from '@tablewise/shared';
import { LOGIN_TEXTS } from '@tablewise/shared';
import type { ReactNode } from 'react';
import { useMe } from '../api/get-me.js';
import { LoginScreen } from './login-screen.js';

/** Shows the login screen until /api/auth/me names a staff member, then the app. */
export function AuthGate({ children }: { children: (me: MeAnswer) => ReactNode }) {
  const me = useMe();
  if (me.isPending) return <p className="page-status">{LOGIN_TEXTS.checkingSession}</p>;
  if (me.isError) {
    return (
      <p className="page-status form-error" role="alert">
        {me.error.message}
      </p>
    );
  }
  if (me.data === null) return <LoginScreen />;
  return <>{children(me.data)}</>;
}
