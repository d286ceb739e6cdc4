import { MESSAGES, TERMINAL_TEXTS } from '@tablewise/shared';
import { useTerminalStatus } from '../../../app/terminal-status.js';
import { useVenueClock } from '../../../components/use-venue-clock.js';
import { useDismissRejectedChange } from '../api/dismiss-rejected-change.js';

/** Whether the terminal reloaded its data after a restore of the cloud's recently enough to say so. */
function recentRebuild(rebuiltAt: string | null | undefined, now: number): Date | null {
  if (!rebuiltAt) return null;
  const at = new Date(rebuiltAt);
  return now - at.getTime() < TERMINAL_TEXTS.rebuiltNoticeMs ? at : null;
}

/** On a terminal: says when the cloud is unreachable or refuses this terminal, names a change that
 * keeps failing to reach the cloud, lists changes the cloud refused, by what they were about, and
 * says for a while that the terminal reloaded its data after the cloud's was restored. */
export function TerminalBanner() {
  const clock = useVenueClock();
  const status = useTerminalStatus();
  const dismiss = useDismissRejectedChange();
  const data = status.data;
  if (!data) return null;
  const { rejected, pending } = data.outbox;
  const stuck = data.outbox.stuck ?? [];
  const rebuilt = recentRebuild(data.rebuiltAt, Date.now());
  if (data.online && data.paired && rejected.length === 0 && stuck.length === 0 && !rebuilt) return null;
  return (
    <section className="terminal-banner" data-testid="terminal-banner" aria-live="polite">
      {!data.paired && (
        <p className="banner-offline" role="alert" data-testid="terminal-unpaired">
          {MESSAGES.terminalUnpaired}
          {pending > 0 && <span className="banner-count"> — {TERMINAL_TEXTS.pendingCount(pending)}</span>}
        </p>
      )}
      {data.paired && !data.online && (
        <p className="banner-offline" data-testid="terminal-offline">
          {MESSAGES.offlineBanner}
          {pending > 0 && <span className="banner-count"> — {TERMINAL_TEXTS.pendingCount(pending)}</span>}
        </p>
      )}
      {rebuilt && (
        <p className="banner-offline" role="status" data-testid="terminal-rebuilt">
          {MESSAGES.replicaRebuilt(clock(rebuilt))}
        </p>
      )}
      {data.paired &&
        data.online &&
        stuck.map((change) => (
          <p key={change.id} className="banner-offline" role="status" data-testid="stuck-change">
            {MESSAGES.outboxStuck(change.subject ?? `${change.method} ${change.path}`)}. {MESSAGES.outboxStuckHint}{' '}
            <span className="rejected-call">{change.lastError}</span>
          </p>
        ))}
      {rejected.length > 0 && (
        <div className="banner-rejected">
          <h2>{MESSAGES.outboxRejectedTitle}</h2>
          <p>{TERMINAL_TEXTS.rejectedCount(rejected.length)}</p>
          <ul>
            {rejected.map((change) => (
              <li key={change.id} data-testid="rejected-change" data-change-id={change.id}>
                {change.subject && <strong className="rejected-subject">{change.subject}</strong>}
                <span className="rejected-message">{change.message}</span>
                {!change.subject && (
                  <span className="rejected-call">
                    {change.method} {change.path}
                  </span>
                )}
                <button
                  type="button"
                  className="button"
                  disabled={dismiss.isPending && dismiss.variables === change.id}
                  onClick={() => dismiss.mutate(change.id)}
                >
                  {TERMINAL_TEXTS.dismiss}
                </button>
              </li>
            ))}
          </ul>
        </div>
      )}
    </section>
  );
}
