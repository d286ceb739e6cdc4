// 'View bill and pay': the bill one tap away from every page a seated guest is on (issue 22).
import { GUEST_TEXTS } from '@tablewise/shared/guest-texts';
import { withQuery } from '@tablewise/shared/rules/guest-checkin';
import { Link } from 'react-router-dom';

export function BillLink({
  sessionId,
  tableId,
  primary = false,
  block = true,
}: {
  sessionId: string | null;
  tableId: string | null;
  primary?: boolean;
  block?: boolean;
}) {
  const className = ['button', primary ? 'button-primary' : '', block ? 'button-block' : ''].filter(Boolean).join(' ');
  return (
    <Link className={className} to={withQuery('/guest/payment', { sessionId, tableId })} data-testid="view-bill">
      {GUEST_TEXTS.viewBill}
    </Link>
  );
}
