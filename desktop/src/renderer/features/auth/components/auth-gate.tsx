import type { MeAnswer } from '@tablewise/shared';
import { LOGIN_TEXTS } from '@tablewise/shared';
import { type ReactNode, useState } from 'react';
import { useMe } from '../../../api/get-me.js';
import { failureText } from '../../../app/api-client.js';
import { LoginScreen } from './login-screen.js';
import { SignUpScreen } from './sign-up-screen.js';

/** Shows the login screen until /api/auth/me names a staff member, then the app. */
export function AuthGate({ children }: { children: (me: MeAnswer) => ReactNode }) {
  const me = useMe();
  // A new restaurant signs up from the sign-in page (issue 24); only the cloud offers it.
  const [signingUp, setSigningUp] = useState(() => window.location.pathname === '/signup');
  if (me.isPending) return <p className="page-status">{LOGIN_TEXTS.checkingSession}</p>;
  if (me.isError) {
    // the server could not be reached or answered oddly: say so and let staff retry
    return (
      <div className="page-status">
        <p className="form-error" role="alert">
          {failureText(me.error)}
        </p>
        <button type="button" className="button" onClick={() => void me.refetch()}>
          {LOGIN_TEXTS.tryAgain}
        </button>
      </div>
    );
  }
  if (me.data === null) {
    return signingUp ? (
      <SignUpScreen onSignIn={() => setSigningUp(false)} />
    ) : (
      <LoginScreen onSignUp={() => setSigningUp(true)} />
    );
  }
  return <>{children(me.data)}</>;
}
