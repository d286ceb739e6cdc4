// Which table and venue the QR code names, for the check-in page to say where the guest checks
// in (issue 22, item 12): the scan-table call, asked with the link's token. Most guests' first
// page, so the answer is read without zod (checkinPlaceOf) and with a bare fetch (the api client
// brings zod along): a few hundred bytes, not the 30 KB of the contract (issue 8, P6).
import { type CheckinPlace, checkinPlaceOf, SCAN_TABLE_PATH } from '@tablewise/shared/rules/guest-checkin';
import { useMutation } from '@tanstack/react-query';

async function lookUpPlace(code: { token: string; tableId: string | undefined }): Promise<CheckinPlace | null> {
  const reply = await fetch(SCAN_TABLE_PATH, {
    method: 'POST',
    credentials: 'include',
    headers: { Accept: 'application/json', 'Content-Type': 'application/json' },
    body: JSON.stringify({ qrData: code.token, expectedTableId: code.tableId }),
  });
  // A code the cloud refuses says nothing here: the check-in itself will say why.
  return reply.ok ? checkinPlaceOf(await reply.json()) : null;
}

/** A POST, as on the scan page: a mutation, asked once per code. */
export function useCheckinPlace() {
  return useMutation({ mutationFn: lookUpPlace });
}
