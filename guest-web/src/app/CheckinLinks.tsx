// The ways into a visit, on the pages a guest without a dining session lands on: scan the QR
// code on the table, or fill in the check-in form.
import { GUEST_TEXTS } from '@tablewise/shared/guest-texts';
import { Link } from 'react-router-dom';

export function CheckinLinks() {
  return (
    <div className="page-actions">
      <Link className="button button-primary button-block" to="/guest/scan" data-testid="scan-to-checkin">
        {GUEST_TEXTS.scanQrCode}
      </Link>
      <Link className="button button-block" to="/guest/checkin" data-testid="go-to-checkin">
        {GUEST_TEXTS.backToCheckin}
      </Link>
    </div>
  );
}
