import { GUEST_TEXTS } from '@tablewise/shared/guest-texts';
import { NOT_FOUND_TEXTS } from '@tablewise/shared/page-titles';
import { Link } from 'react-router-dom';

export function NotFoundPage() {
  return (
    <main className="page page-center" data-testid="not-found">
      <h1>{NOT_FOUND_TEXTS.title}</h1>
      <p className="muted">{NOT_FOUND_TEXTS.hint}</p>
      <Link className="button button-primary" to="/guest/checkin">
        {GUEST_TEXTS.backToCheckin}
      </Link>
    </main>
  );
}
