// Table confirmation (spec 3 section 2): the guest is seated; show where (the table and the
// venue), then on to the menu, with the bill one tap away.
import { GUEST_TEXTS, MESSAGES, withQuery } from '@tablewise/shared';
import { Link, useSearchParams } from 'react-router-dom';
import { BillLink } from '../../../app/BillLink.js';
import { storedSessionId } from '../../../app/storage.js';
import { useGuestSession } from '../api/guest-session.js';

export function TableConfirmationPage() {
  const [params] = useSearchParams();
  const session = useGuestSession();
  const sessionId = params.get('sessionId') ?? session.data?.session.id ?? storedSessionId();
  const tableId = params.get('tableId') ?? session.data?.session.tableId ?? null;

  if (session.isPending) {
    return (
      <main className="page page-center">
        <p role="status">{GUEST_TEXTS.loadingTable}</p>
      </main>
    );
  }
  if (session.isError) {
    return (
      <main className="page page-center" data-testid="session-not-found">
        <h1>{MESSAGES.sessionNotFoundTitle}</h1>
        <p className="muted">{MESSAGES.sessionNotFound}</p>
        <Link className="button" to="/guest/checkin">
          {GUEST_TEXTS.backToCheckin}
        </Link>
      </main>
    );
  }
  return (
    <main className="page page-center" data-testid="table-confirmation">
      <div className="confirm-mark" aria-hidden="true">
        ✓
      </div>
      <h1>{GUEST_TEXTS.tableConfirmed}</h1>
      <p className="muted">{GUEST_TEXTS.yourTable}</p>
      <p className="table-name" data-testid="table-name">
        {session.data.tableName ?? '—'}
      </p>
      {session.data.venueName ? (
        <p className="muted" data-testid="venue-name">
          {GUEST_TEXTS.atVenue(session.data.venueName)}
        </p>
      ) : null}
      <div className="page-actions">
        <Link
          className="button button-primary button-block"
          data-testid="to-menu"
          to={withQuery('/guest/menu', { tableId, sessionId })}
        >
          {GUEST_TEXTS.toMenu}
        </Link>
        <BillLink sessionId={sessionId} tableId={tableId} />
      </div>
    </main>
  );
}
