// Waitlist status (/guest/waitlist?id=, spec 3 sections 2 and 4): the party's place in line, its
// estimated wait, the progress bar by the spec's formula and the message for its place. It follows
// the host live (notified, seated) and reads again every 15 s, as the parties ahead move too. When
// the table is READY the guest goes on to choose it.
import {
  GUEST_SEAT_TEXTS,
  guestWaitProgress,
  MESSAGES,
  partySizeLabel,
  staleKeysFor,
  WAITLIST,
  waitlistBandMessage,
} from '@tablewise/shared';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { ApiError } from '../../../app/api-client.js';
import { useLiveEvents } from '../../../app/live.js';
import { storedSessionId } from '../../../app/storage.js';
import { useToast } from '../../../app/toast.js';
import { clockOf } from '../../../app/venue-clock.js';
import { useWaitlistStatus, waitlistStatusQueryOptions } from '../api/waitlist-status.js';

export function WaitlistStatusPage() {
  const [params] = useSearchParams();
  const id = params.get('id');
  const status = useWaitlistStatus(id);
  const queryClient = useQueryClient();
  const toast = useToast();
  // The time-based part of the progress moves on its own; the estimate is refreshed every 60 s.
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const timer = window.setInterval(() => setNow(new Date()), WAITLIST.estimateRefreshMs);
    return () => window.clearInterval(timer);
  }, []);

  const refresh = () => {
    setNow(new Date());
    if (id) void queryClient.invalidateQueries({ queryKey: waitlistStatusQueryOptions(id).queryKey });
  };
  // The guest cookie from check-in opens the live channel; a phone that only has the link (no
  // session of its own) polls, rather than failing to connect.
  const live = useLiveEvents(status.data !== undefined && storedSessionId() !== null, {
    onEvent: (event) => {
      for (const queryKey of staleKeysFor(event.type)) void queryClient.invalidateQueries({ queryKey });
    },
    onConnected: refresh,
    onGiveUp: (message) => toast({ title: message, variant: 'destructive' }),
  });

  const notFound =
    !id || (status.error instanceof ApiError && (status.error.status === 404 || status.error.status === 400));
  if (notFound || (status.isError && status.data === undefined)) {
    return (
      <main className="page page-center" data-testid="waitlist-not-found">
        <h1>{GUEST_SEAT_TEXTS.waitlistNotFound}</h1>
        <p className="muted">{notFound ? GUEST_SEAT_TEXTS.waitlistNotFoundHint : MESSAGES.sessionNotFound}</p>
        <Link className="button button-primary" to="/guest/checkin" data-testid="start-new-checkin">
          {GUEST_SEAT_TEXTS.startNewCheckin}
        </Link>
      </main>
    );
  }
  if (!status.data) {
    return (
      <main className="page page-center">
        <p role="status">{GUEST_SEAT_TEXTS.loadingWaitlist}</p>
      </main>
    );
  }

  const entry = status.data;
  const ready = entry.status === 'READY';
  const progress = guestWaitProgress(
    {
      status: entry.status,
      position: Math.max(1, entry.position),
      joinedAt: new Date(entry.createdAt),
      estimatedWaitMinutes: entry.estimatedWait,
    },
    now,
  );
  const message = ready
    ? GUEST_SEAT_TEXTS.waitlistReady
    : entry.status === 'NOTIFIED'
      ? GUEST_SEAT_TEXTS.waitlistNotified
      : waitlistBandMessage(entry.position);
  const needs = [
    entry.needsAccessibility ? GUEST_SEAT_TEXTS.accessibleSeating : null,
    entry.needsHighChair ? GUEST_SEAT_TEXTS.highChair : null,
  ].filter(Boolean);

  return (
    <main className="page waitlist-page" data-testid="waitlist-status" data-status={entry.status}>
      <header className="page-header">
        <h1>{ready ? GUEST_SEAT_TEXTS.waitlistReady : GUEST_SEAT_TEXTS.waitlistTitle}</h1>
        <span className={`badge waitlist-badge waitlist-${entry.status.toLowerCase()}`} data-testid="waitlist-badge">
          {GUEST_SEAT_TEXTS.statusLabels[entry.status]}
        </span>
        {live === 'failed' ? (
          <p className="error-text small" role="alert">
            {MESSAGES.liveReconnectFailed}
          </p>
        ) : null}
      </header>

      <section className="card waitlist-figures">
        {ready ? null : (
          <div className="waitlist-figure">
            <span className="muted small">{GUEST_SEAT_TEXTS.waitlistPlace}</span>
            <strong className="waitlist-number" data-testid="waitlist-position">
              #{entry.position}
            </strong>
          </div>
        )}
        {ready ? null : (
          <div className="waitlist-figure">
            <span className="muted small">{GUEST_SEAT_TEXTS.waitlistEstimate}</span>
            <strong className="waitlist-number" data-testid="waitlist-estimate">
              {GUEST_SEAT_TEXTS.minutes(entry.estimatedWait)}
            </strong>
          </div>
        )}
        <div className="waitlist-progress">
          <span className="muted small">{GUEST_SEAT_TEXTS.waitlistProgress}</span>
          <div
            className="progress"
            role="progressbar"
            aria-valuemin={0}
            aria-valuemax={100}
            aria-valuenow={progress}
            data-testid="waitlist-progress"
          >
            <div className="progress-fill" style={{ width: `${progress}%` }} />
          </div>
        </div>
        <p className="waitlist-message" data-testid="waitlist-message">
          {message}
        </p>
      </section>

      <section className="card">
        <h2 className="card-title">{GUEST_SEAT_TEXTS.waitlistDetails}</h2>
        <dl className="details">
          <dt>{GUEST_SEAT_TEXTS.party}</dt>
          <dd>
            {entry.guestName} · {partySizeLabel(entry.partySize)}
          </dd>
          {needs.length > 0 ? (
            <>
              <dt>{GUEST_SEAT_TEXTS.needs}</dt>
              <dd>{needs.join(', ')}</dd>
            </>
          ) : null}
          {entry.occasion ? (
            <>
              <dt>{GUEST_SEAT_TEXTS.occasion}</dt>
              <dd className="capitalize">{entry.occasion}</dd>
            </>
          ) : null}
          <dt>{GUEST_SEAT_TEXTS.joined}</dt>
          <dd>{clockOf(entry.timeZone)(entry.createdAt)}</dd>
        </dl>
      </section>

      <div className="waitlist-actions">
        {ready ? (
          <Link
            className="button button-primary button-block"
            data-testid="proceed-to-tables"
            to={`/guest/seat-selection?partySize=${entry.partySize}&accessibility=${entry.needsAccessibility ? 1 : 0}`}
          >
            {GUEST_SEAT_TEXTS.proceedToTables}
          </Link>
        ) : null}
        <button type="button" className="button" data-testid="waitlist-refresh" onClick={refresh}>
          {GUEST_SEAT_TEXTS.refresh}
        </button>
        <Link className="button" to="/guest/checkin" data-testid="waitlist-update-info">
          {GUEST_SEAT_TEXTS.updateInfo}
        </Link>
      </div>
    </main>
  );
}
