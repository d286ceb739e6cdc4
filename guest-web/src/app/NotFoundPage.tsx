import { GUEST_TEXTS } from '@tablewise/shared/guest-texts';
import { MESSAGES } from '@tablewise/shared/messages';
import { Link } from 'react-router-dom';

export function NotFoundPage() {
  return (
    <main className="page page-center" data-testid="not-found">
      <h1>{MESSAGES.notFoundTitle}</h1>
      <p className="muted">{MESSAGES.notFoundHint}</p>
      <Link className="button button-primary" to="/guest/checkin">
        {GUEST_TEXTS.backToCheckin}
      </Link>
    </main>
  );
}
