// Pair a terminal (issue 24), on the venues screen: the manager names the terminal and makes a
// short code for the venue the session works at; the terminal's pairing page takes the code, so no
// manager's password is typed into the device. The code shows once. Codes are made on the cloud:
// on a terminal the panel says so.
import { PAIRING_CODE_TEXTS as T } from '@tablewise/shared';
import { type FormEvent, useState } from 'react';
import { useOnTerminal } from '../../../app/terminal-status.js';
import { useVenueClock } from '../../../components/use-venue-clock.js';
import { useCreatePairingCode, useCurrentVenueName } from '../api/pairing-codes.js';
import { errorText } from './error-text.js';

export function PairTerminalPanel() {
  const onTerminal = useOnTerminal();
  const venue = useCurrentVenueName(onTerminal === false);
  const create = useCreatePairingCode();
  const clock = useVenueClock();
  const [name, setName] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  if (onTerminal === null) return null;

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const trimmed = name.trim();
    setProblem(trimmed ? null : 'Name is required');
    if (trimmed) create.mutate(trimmed);
  };

  return (
    <section className="pair-terminal" aria-labelledby="pair-terminal-heading" data-testid="pair-terminal">
      <h2 id="pair-terminal-heading">{T.heading}</h2>
      {onTerminal ? (
        <p className="muted">{T.needsCloud}</p>
      ) : (
        <>
          <p className="muted">{T.intro}</p>
          {venue && <p data-testid="pair-terminal-venue">{T.forVenue(venue)}</p>}
          <form className="pair-terminal-form" onSubmit={submit} noValidate>
            <label>
              {T.name}
              <input
                value={name}
                maxLength={100}
                onChange={(e) => setName(e.target.value)}
                aria-invalid={problem !== null}
                data-testid="pair-terminal-name"
              />
            </label>
            <button
              type="submit"
              className="button primary"
              disabled={create.isPending}
              data-testid="pair-terminal-create"
            >
              {create.isPending ? T.creating : T.create}
            </button>
          </form>
          {(problem ?? (create.isError ? errorText(create.error) : null)) && (
            <p className="form-error" role="alert">
              {problem ?? errorText(create.error)}
            </p>
          )}
          {create.data && !create.isPending && (
            <div className="pair-terminal-code" role="status" data-testid="pair-terminal-result">
              <span className="muted">{T.codeFor(create.data.name)}</span>
              <strong className="pairing-code" data-testid="pairing-code">
                {create.data.code}
              </strong>
              <span>{T.expiresAt(clock(create.data.expiresAt))}</span>
              <span className="muted">{T.typeOnTerminal}</span>
            </div>
          )}
        </>
      )}
    </section>
  );
}
