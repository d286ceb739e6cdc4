// The pairing page, shown by the Electron shell while this device has no terminal credential.
// It talks only to the preload bridge; the main process does the network calls. First it asks for
// the short code a manager made on the cloud (issue 24: no manager's password on the device); a
// manager's sign-in stays one tap away.
import '../app/zod-config.js';
import { PAIRING_TEXTS, type PairingRequest, PRODUCT_NAME, TAGLINE } from '@tablewise/shared';
import { type FormEvent, StrictMode, useState } from 'react';
import { createRoot } from 'react-dom/client';
import '../app/styles.css';

function PairingPage() {
  const [form, setForm] = useState<PairingRequest>({ cloudUrl: 'https://', email: '', password: '', terminalName: '' });
  const [withCode, setWithCode] = useState(true);
  const [code, setCode] = useState('');
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<{ error: boolean; text: string } | null>(null);
  const bridge = window.tablewise;

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!bridge) return;
    setBusy(true);
    setMessage(null);
    try {
      const result = await bridge.pairing.pair(withCode ? { cloudUrl: form.cloudUrl, code } : form);
      setMessage(
        result.ok
          ? { error: false, text: PAIRING_TEXTS.paired(result.status.venueId ?? '') }
          : { error: true, text: result.message },
      );
    } catch (error) {
      setMessage({ error: true, text: error instanceof Error ? error.message : String(error) });
    } finally {
      setBusy(false);
    }
  };

  const field = (key: keyof PairingRequest, label: string, type = 'text') => (
    <label>
      {label}
      <input
        type={type}
        required
        value={form[key]}
        onChange={(e) => setForm({ ...form, [key]: e.target.value })}
        data-testid={`pairing-${key}`}
      />
    </label>
  );

  return (
    <main className="login">
      <form className="login-card" onSubmit={submit}>
        <div className="brand">
          <span className="brand-mark" aria-hidden="true">
            T
          </span>
          <div>
            <div className="brand-name">{PRODUCT_NAME}</div>
            <div className="brand-tagline">{TAGLINE}</div>
          </div>
        </div>
        <h1>{PAIRING_TEXTS.title}</h1>
        <p>{withCode ? PAIRING_TEXTS.codeIntro : PAIRING_TEXTS.intro}</p>
        {field('cloudUrl', PAIRING_TEXTS.cloudUrl, 'url')}
        {withCode ? (
          <label>
            {PAIRING_TEXTS.code}
            <input
              required
              autoComplete="off"
              autoCapitalize="characters"
              spellCheck={false}
              value={code}
              onChange={(e) => setCode(e.target.value)}
              data-testid="pairing-code"
            />
          </label>
        ) : (
          <>
            {field('email', PAIRING_TEXTS.email, 'email')}
            {field('password', PAIRING_TEXTS.password, 'password')}
            {field('terminalName', PAIRING_TEXTS.terminalName)}
          </>
        )}
        {message && (
          <p className={message.error ? 'form-error' : ''} role={message.error ? 'alert' : 'status'}>
            {message.text}
          </p>
        )}
        <button type="submit" className="button primary" disabled={busy || !bridge}>
          {busy ? PAIRING_TEXTS.submitting : PAIRING_TEXTS.submit}
        </button>
        <button
          type="button"
          className="link-button pairing-mode"
          onClick={() => {
            setWithCode(!withCode);
            setMessage(null);
          }}
          data-testid="pairing-mode"
        >
          {withCode ? PAIRING_TEXTS.withPassword : PAIRING_TEXTS.withCode}
        </button>
      </form>
    </main>
  );
}

const container = document.getElementById('root');
if (!container) throw new Error('pairing page has no #root element');
createRoot(container).render(
  <StrictMode>
    <PairingPage />
  </StrictMode>,
);
