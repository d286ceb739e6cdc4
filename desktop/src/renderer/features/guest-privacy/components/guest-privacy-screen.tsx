// Guest privacy requests (issue 24): a manager finds one guest's records by phone or email (a
// dry run counts them), then erases the name, phone and email after a confirmation. The erasure is
// the cloud's (it rewrites history the terminals only copy): on a terminal the shell's needs-cloud
// page stands in for the screen.
import { ADMIN_MESSAGES, type GuestDataErased, GUEST_PRIVACY_TEXTS as T } from '@tablewise/shared';
import { type FormEvent, useState } from 'react';
import { errorText } from '../../admin/components/error-text.js';
import { useEraseGuestData } from '../api/erase-guest-data.js';

export function GuestPrivacyScreen() {
  const erase = useEraseGuestData();
  const [phone, setPhone] = useState('');
  const [email, setEmail] = useState('');
  const [name, setName] = useState('');
  const [reason, setReason] = useState('');
  const [found, setFound] = useState<GuestDataErased | null>(null);
  const [confirming, setConfirming] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const [done, setDone] = useState(false);

  const request = () => ({
    ...(phone.trim() ? { phone: phone.trim() } : {}),
    ...(email.trim() ? { email: email.trim() } : {}),
    ...(name.trim() ? { name: name.trim() } : {}),
    ...(reason.trim() ? { reason: reason.trim() } : {}),
  });

  const find = (e: FormEvent) => {
    e.preventDefault();
    setDone(false);
    setFound(null);
    if (!phone.trim() && !email.trim()) {
      setProblem(ADMIN_MESSAGES.eraseNeedsContact);
      return;
    }
    setProblem(null);
    erase.mutate(
      { ...request(), dryRun: true },
      { onSuccess: setFound, onError: (error) => setProblem(errorText(error)) },
    );
  };

  const confirm = () => {
    erase.mutate(request(), {
      onSuccess: () => {
        setConfirming(false);
        setFound(null);
        setDone(true);
        // What was typed named the guest: it goes too.
        setPhone('');
        setEmail('');
        setName('');
        setReason('');
      },
      onError: (error) => {
        setConfirming(false);
        setProblem(errorText(error));
      },
    });
  };

  const total = found ? found.sessions + found.waitlistEntries + found.reservations : 0;
  return (
    <div className="page" data-testid="guest-privacy">
      <div className="page-head">
        <div>
          <h1>{T.title}</h1>
          <p className="muted">{T.subtitle}</p>
        </div>
      </div>
      <form className="panel privacy-form" onSubmit={find} noValidate>
        <label>
          {T.phone}
          <input data-testid="privacy-phone" type="tel" value={phone} onChange={(e) => setPhone(e.target.value)} />
        </label>
        <label>
          {T.email}
          <input data-testid="privacy-email" type="email" value={email} onChange={(e) => setEmail(e.target.value)} />
        </label>
        <label>
          {T.name}
          <input data-testid="privacy-name" value={name} onChange={(e) => setName(e.target.value)} />
        </label>
        <label>
          {T.reason}
          <input data-testid="privacy-reason" value={reason} onChange={(e) => setReason(e.target.value)} />
        </label>
        {problem && (
          <p className="form-error" role="alert" data-testid="privacy-error">
            {problem}
          </p>
        )}
        <div className="form-actions">
          <button type="submit" className="button primary" disabled={erase.isPending} data-testid="privacy-find">
            {erase.isPending && !confirming ? T.finding : T.find}
          </button>
        </div>
        {found && (
          <div className="privacy-found" role="status" data-testid="privacy-found">
            <p>
              {total === 0
                ? T.nothingFound
                : T.found(found.sessions, found.waitlistEntries, found.reservations, found.events)}
            </p>
            {total > 0 && (
              <button
                type="button"
                className="button danger"
                onClick={() => setConfirming(true)}
                data-testid="privacy-erase"
              >
                {T.erase}
              </button>
            )}
          </div>
        )}
        {done && (
          <p className="form-success" role="status" data-testid="privacy-done">
            {T.erased}
          </p>
        )}
      </form>
      {confirming && (
        <div className="dialog-backdrop">
          <div className="dialog" role="alertdialog" aria-modal="true" aria-labelledby="privacy-confirm-title">
            <h2 id="privacy-confirm-title">{T.confirmTitle}</h2>
            <p>{T.confirmBody}</p>
            <div className="dialog-actions">
              <button type="button" className="button" onClick={() => setConfirming(false)}>
                {T.cancel}
              </button>
              <button
                type="button"
                className="button danger"
                disabled={erase.isPending}
                onClick={confirm}
                data-testid="privacy-confirm"
              >
                {erase.isPending ? T.erasing : T.erase}
              </button>
            </div>
          </div>
        </div>
      )}
    </div>
  );
}
