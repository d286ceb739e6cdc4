// A new owner's sign-up (issue 24): account, organization, first venue, on one page. The same
// checks as the cloud run before sending; the cloud's refusal is shown as it words it.
import {
  ADMIN_MESSAGES,
  isEmailAddress,
  organizationInputProblem,
  PRODUCT_NAME,
  SIGNUP_TEXTS,
  TAGLINE,
  timeZoneChoices,
  venueInputProblem,
} from '@tablewise/shared';
import { type FormEvent, useMemo, useState } from 'react';
import { ApiError } from '../../../app/api-client.js';
import { useSignUp } from '../api/sign-up.js';

function failureText(error: unknown): string {
  if (error instanceof ApiError) return error.serverMessage ?? error.message;
  return error instanceof Error ? error.message : String(error);
}

function browserZone(): string {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
  } catch {
    return 'UTC';
  }
}

const numberOrNull = (text: string) => (text.trim() === '' ? null : Number(text));

export function SignUpScreen({ onSignIn }: { onSignIn: () => void }) {
  const signUp = useSignUp();
  const zones = useMemo(() => timeZoneChoices(), []);
  const [v, setV] = useState({
    firstName: '',
    lastName: '',
    email: '',
    password: '',
    organizationName: '',
    venueName: '',
    address: '',
    timezone: browserZone(),
    latitude: '',
    longitude: '',
  });
  const [problem, setProblem] = useState<string | null>(null);
  const set = (key: keyof typeof v) => (e: { target: { value: string } }) => setV({ ...v, [key]: e.target.value });

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const venue = {
      name: v.venueName,
      address: v.address || null,
      timezone: v.timezone,
      latitude: numberOrNull(v.latitude),
      longitude: numberOrNull(v.longitude),
    };
    const found =
      (!isEmailAddress(v.email) ? ADMIN_MESSAGES.invalidEmail : null) ??
      (v.password.length < 8 ? ADMIN_MESSAGES.passwordTooShort : null) ??
      organizationInputProblem({ name: v.organizationName }) ??
      venueInputProblem({ ...venue, organizationId: 'new' });
    setProblem(found);
    if (found) return;
    signUp.mutate({
      email: v.email,
      password: v.password,
      firstName: v.firstName || undefined,
      lastName: v.lastName || undefined,
      organizationName: v.organizationName,
      venue,
    });
  };

  const shown = problem ?? (signUp.isError ? failureText(signUp.error) : null);
  return (
    <main className="login">
      <form className="login-card signup-card" onSubmit={submit} aria-labelledby="signup-title" noValidate>
        <div className="brand">
          <span className="brand-mark" aria-hidden="true">
            T
          </span>
          <div>
            <div className="brand-name">{PRODUCT_NAME}</div>
            <div className="brand-tagline">{TAGLINE}</div>
          </div>
        </div>
        <h1 id="signup-title">{SIGNUP_TEXTS.title}</h1>
        <fieldset>
          <legend>{SIGNUP_TEXTS.accountStep}</legend>
          <div className="form-row">
            <label>
              {SIGNUP_TEXTS.firstName}
              <input autoComplete="given-name" value={v.firstName} onChange={set('firstName')} />
            </label>
            <label>
              {SIGNUP_TEXTS.lastName}
              <input autoComplete="family-name" value={v.lastName} onChange={set('lastName')} />
            </label>
          </div>
          <label>
            {SIGNUP_TEXTS.email}
            <input
              data-testid="signup-email"
              type="email"
              autoComplete="username"
              value={v.email}
              onChange={set('email')}
            />
          </label>
          <label>
            {SIGNUP_TEXTS.password}
            <input
              data-testid="signup-password"
              type="password"
              autoComplete="new-password"
              value={v.password}
              onChange={set('password')}
              aria-describedby="signup-password-hint"
            />
            <span id="signup-password-hint" className="muted">
              {SIGNUP_TEXTS.passwordHint}
            </span>
          </label>
        </fieldset>
        <fieldset>
          <legend>{SIGNUP_TEXTS.organizationStep}</legend>
          <label>
            {SIGNUP_TEXTS.organizationName}
            <input
              data-testid="signup-organization"
              value={v.organizationName}
              onChange={set('organizationName')}
              aria-describedby="signup-organization-hint"
            />
            <span id="signup-organization-hint" className="muted">
              {SIGNUP_TEXTS.organizationHint}
            </span>
          </label>
        </fieldset>
        <fieldset>
          <legend>{SIGNUP_TEXTS.venueStep}</legend>
          <label>
            {SIGNUP_TEXTS.venueName}
            <input data-testid="signup-venue" value={v.venueName} onChange={set('venueName')} />
          </label>
          <label>
            {SIGNUP_TEXTS.address}
            <input autoComplete="street-address" value={v.address} onChange={set('address')} />
          </label>
          <label>
            {SIGNUP_TEXTS.timezone}
            <select data-testid="signup-timezone" value={v.timezone} onChange={set('timezone')}>
              {zones.map((z) => (
                <option key={z} value={z}>
                  {z}
                </option>
              ))}
            </select>
          </label>
          <div className="form-row">
            <label>
              {SIGNUP_TEXTS.latitude}
              <input inputMode="decimal" value={v.latitude} onChange={set('latitude')} />
            </label>
            <label>
              {SIGNUP_TEXTS.longitude}
              <input inputMode="decimal" value={v.longitude} onChange={set('longitude')} />
            </label>
          </div>
        </fieldset>
        <p className="muted">{SIGNUP_TEXTS.freePlanNote}</p>
        {shown && (
          <p className="form-error" role="alert" data-testid="signup-error">
            {shown}
          </p>
        )}
        <button data-testid="signup-submit" type="submit" className="button primary" disabled={signUp.isPending}>
          {signUp.isPending ? SIGNUP_TEXTS.submitting : SIGNUP_TEXTS.submit}
        </button>
        <button type="button" className="link-button" onClick={onSignIn}>
          {SIGNUP_TEXTS.linkToSignIn}
        </button>
      </form>
    </main>
  );
}
