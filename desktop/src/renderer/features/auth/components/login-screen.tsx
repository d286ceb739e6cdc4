import { LOGIN_TEXTS, PRODUCT_NAME, RESET_PASSWORD_TEXTS, SIGNUP_TEXTS, TAGLINE } from '@tablewise/shared';
import { type FormEvent, useState } from 'react';
import { toastMessage } from '../../../app/api-client.js';
import { useOnTerminal } from '../../../app/terminal-status.js';
import { useLogin } from '../api/login.js';

export function LoginScreen({ onSignUp }: { onSignUp?: () => void }) {
  const login = useLogin();
  // A terminal is paired to a venue that exists: signing up a restaurant is the cloud's.
  const onTerminal = useOnTerminal();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');

  const submit = (e: FormEvent) => {
    e.preventDefault();
    login.mutate({ email, password });
  };

  return (
    <main className="login">
      <form className="login-card" onSubmit={submit} aria-labelledby="login-title">
        <div className="brand">
          <span className="brand-mark" aria-hidden="true">
            T
          </span>
          <div>
            <div className="brand-name">{PRODUCT_NAME}</div>
            <div className="brand-tagline">{TAGLINE}</div>
          </div>
        </div>
        <h1 id="login-title">{LOGIN_TEXTS.title}</h1>
        <label>
          {LOGIN_TEXTS.email}
          <input
            data-testid="login-email"
            type="email"
            autoComplete="username"
            required
            value={email}
            onChange={(e) => setEmail(e.target.value)}
          />
        </label>
        <label>
          {LOGIN_TEXTS.password}
          <input
            data-testid="login-password"
            type="password"
            autoComplete="current-password"
            required
            value={password}
            onChange={(e) => setPassword(e.target.value)}
          />
        </label>
        {login.isError && (
          <p className="form-error" role="alert" data-testid="login-error">
            {toastMessage(login.error)}
          </p>
        )}
        <button data-testid="login-submit" type="submit" className="button primary" disabled={login.isPending}>
          {login.isPending ? LOGIN_TEXTS.submitting : LOGIN_TEXTS.submit}
        </button>
        <a href="/reset-password" data-testid="forgot-password">
          {RESET_PASSWORD_TEXTS.forgot}
        </a>
        {onSignUp && onTerminal !== true && (
          <button type="button" className="link-button" data-testid="signup-link" onClick={onSignUp}>
            {SIGNUP_TEXTS.linkFromSignIn}
          </button>
        )}
      </form>
    </main>
  );
}
