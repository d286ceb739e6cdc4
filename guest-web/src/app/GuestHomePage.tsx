// Where 'Exit Restaurant' leads (/guest): the guest site's own page, thanking the party and
// showing the way to check in again. The spec's '/' is the staff app on the cloud; a guest sent
// there met the staff sign-in, or this site's not-found page.
import { GUEST_TEXTS } from '@tablewise/shared/guest-texts';
import { CheckinLinks } from './CheckinLinks.js';

export function GuestHomePage() {
  return (
    <main className="page page-center" data-testid="guest-home">
      <h1>{GUEST_TEXTS.thankYou}</h1>
      <p className="muted">{GUEST_TEXTS.comeBack}</p>
      <CheckinLinks />
    </main>
  );
}
