// The public account pages (issue 24): /accept-invitation (the invitation mail's link: choose a
// name and password, and be signed in) and /reset-password (ask for a link by email, or, from the
// link, choose a new password). The link's token travels in the URL's fragment, which the browser
// never sends to a server or in a Referer.
import {
  ACCEPT_INVITATION_TEXTS as A,
  AcceptInvitationRequest,
  NewPassword,
  PASSWORD_MIN_LENGTH,
  PasswordResetRequest,
  PRODUCT_NAME,
  RESET_PASSWORD_TEXTS as R,
  STAFF_ADMIN_TEXTS,
  TAGLINE,
} from '@tablewise/shared';
import { type FormEvent, type ReactNode, useState } from 'react';
import { ApiError } from '../../../app/api-client.js';
import {
  useAcceptInvitation,
  useConfirmPasswordReset,
  useInvitationPreview,
  useRequestPasswordReset,
} from '../api/accounts.js';

function failureText(error: unknown): string {
  if (error instanceof ApiError) return error.serverMessage ?? error.message;
  return error instanceof Error ? error.message : String(error);
}

/** The token in `#token=…`. */
function tokenFromHash(): string {
  return new URLSearchParams(window.location.hash.slice(1)).get('token') ?? '';
}

function Card({
  title,
  children,
  onSubmit,
}: {
  title: string;
  children: ReactNode;
  onSubmit?: (e: FormEvent) => void;
}) {
  return (
    <main className="login">
      <form
        className="login-card"
        onSubmit={onSubmit ?? ((e) => e.preventDefault())}
        aria-labelledby="account-title"
        noValidate
      >
        <div className="brand">
          <span className="brand-mark" aria-hidden="true">
            T
          </span>
          <div>
            <div className="brand-name">{PRODUCT_NAME}</div>
            <div className="brand-tagline">{TAGLINE}</div>
          </div>
        </div>
        <h1 id="account-title">{title}</h1>
        {children}
      </form>
    </main>
  );
}

const Problem = ({ text }: { text: string | null }) =>
  text ? (
    <p className="form-error" role="alert" data-testid="account-error">
      {text}
    </p>
  ) : null;

export function AcceptInvitationPage() {
  const [token] = useState(tokenFromHash);
  const preview = useInvitationPreview(token);
  const accept = useAcceptInvitation();
  const [firstName, setFirstName] = useState('');
  const [lastName, setLastName] = useState('');
  const [password, setPassword] = useState('');
  const [problem, setProblem] = useState<string | null>(null);

  if (!token) return <Card title={A.title}>{<Problem text={A.missingToken} />}</Card>;
  if (preview.isPending) return <Card title={A.title}>{<p className="muted">{A.checking}</p>}</Card>;
  if (preview.isError) return <Card title={A.title}>{<Problem text={failureText(preview.error)} />}</Card>;
  const offer = preview.data;

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const parsed = AcceptInvitationRequest.safeParse({ token, firstName, lastName, password });
    if (!parsed.success) {
      setProblem(parsed.error.issues[0]?.message ?? null);
      return;
    }
    setProblem(null);
    accept.mutate(parsed.data, {
      // Signed in: the staff app opens on this person's home screen.
      onSuccess: () => window.location.assign('/'),
      onError: (error) => setProblem(failureText(error)),
    });
  };

  return (
    <Card title={A.title} onSubmit={submit}>
      <p data-testid="invitation-offer">
        {A.intro(
          offer.organizationName,
          STAFF_ADMIN_TEXTS.roleLabels[offer.role] +
            (offer.duty ? ` (${STAFF_ADMIN_TEXTS.dutyLabels[offer.duty]})` : ''),
          offer.venueName ? A.at(offer.venueName) : '',
        )}
      </p>
      <p className="muted">{offer.email}</p>
      <label>
        {A.firstName}
        <input
          data-testid="accept-first-name"
          autoComplete="given-name"
          value={firstName}
          onChange={(e) => setFirstName(e.target.value)}
        />
      </label>
      <label>
        {A.lastName}
        <input
          data-testid="accept-last-name"
          autoComplete="family-name"
          value={lastName}
          onChange={(e) => setLastName(e.target.value)}
        />
      </label>
      <label>
        {offer.existingAccount ? A.existingPassword : A.password}
        <input
          data-testid="accept-password"
          type="password"
          autoComplete={offer.existingAccount ? 'current-password' : 'new-password'}
          value={password}
          onChange={(e) => setPassword(e.target.value)}
        />
        {!offer.existingAccount && <span className="muted">{A.passwordHint(PASSWORD_MIN_LENGTH)}</span>}
      </label>
      <Problem text={problem} />
      <button data-testid="accept-submit" type="submit" className="button primary" disabled={accept.isPending}>
        {accept.isPending ? A.submitting : A.submit}
      </button>
    </Card>
  );
}

function RequestReset() {
  const request = useRequestPasswordReset();
  const [email, setEmail] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const parsed = PasswordResetRequest.safeParse({ email });
    if (!parsed.success) {
      setProblem(parsed.error.issues[0]?.message ?? null);
      return;
    }
    setProblem(null);
    request.mutate(parsed.data.email, { onError: (error) => setProblem(failureText(error)) });
  };
  return (
    <Card title={R.requestTitle} onSubmit={submit}>
      {request.isSuccess ? (
        <p role="status" data-testid="reset-sent">
          {R.sent}
        </p>
      ) : (
        <>
          <p className="muted">{R.requestIntro}</p>
          <label>
            {R.email}
            <input
              data-testid="reset-email"
              type="email"
              autoComplete="username"
              value={email}
              onChange={(e) => setEmail(e.target.value)}
            />
          </label>
          <Problem text={problem} />
          <button data-testid="reset-send" type="submit" className="button primary" disabled={request.isPending}>
            {request.isPending ? R.sending : R.send}
          </button>
        </>
      )}
      <a href="/">{R.signIn}</a>
    </Card>
  );
}

function ChooseNewPassword({ token }: { token: string }) {
  const confirm = useConfirmPasswordReset();
  const [password, setPassword] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const parsed = NewPassword.safeParse(password);
    if (!parsed.success) {
      setProblem(parsed.error.issues[0]?.message ?? null);
      return;
    }
    setProblem(null);
    confirm.mutate({ token, password }, { onError: (error) => setProblem(failureText(error)) });
  };
  if (confirm.isSuccess) {
    return (
      <Card title={R.title}>
        <p role="status" data-testid="reset-done">
          {R.done}
        </p>
        <a className="button primary" href="/">
          {R.signIn}
        </a>
      </Card>
    );
  }
  return (
    <Card title={R.title} onSubmit={submit}>
      <label>
        {R.password}
        <input
          data-testid="reset-password"
          type="password"
          autoComplete="new-password"
          value={password}
          onChange={(e) => setPassword(e.target.value)}
        />
        <span className="muted">{A.passwordHint(PASSWORD_MIN_LENGTH)}</span>
      </label>
      <Problem text={problem} />
      <button data-testid="reset-submit" type="submit" className="button primary" disabled={confirm.isPending}>
        {confirm.isPending ? R.submitting : R.submit}
      </button>
    </Card>
  );
}

export function ResetPasswordPage() {
  const [token] = useState(tokenFromHash);
  return token ? <ChooseNewPassword token={token} /> : <RequestReset />;
}
