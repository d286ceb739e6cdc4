// A phone that joined a party already seated (issue 27, finding 2) sees nothing of the party until
// a phone of the party or staff let it in: the pages that show the party's table, menu and orders
// wait behind this gate, which asks the phone's standing again every few seconds. It may pay the
// bill meanwhile. On the party's own phones, the gate shows who asks to join, to let in or turn away.
import {
  answerPartyPhone,
  GUEST_PHONE_TEXTS,
  getMyPhone,
  IDEMPOTENCY_HEADER,
  listPartyPhones,
  POLLING_MS,
} from '@tablewise/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useSearchParams } from 'react-router-dom';
import { callApi, failureText } from './api-client.js';
import { BillLink } from './BillLink.js';
import { useToast } from './toast.js';
import { newUuid } from './uuid.js';
import { useSessionClock } from './venue-clock.js';

function PartyPhoneRequests() {
  const queryClient = useQueryClient();
  const toast = useToast();
  const timeOf = useSessionClock();
  const asking = useQuery({
    queryKey: listPartyPhones.key(),
    queryFn: ({ signal }) => callApi(listPartyPhones, { signal }),
    refetchInterval: POLLING_MS.partyPhones,
    retry: false,
  });
  const answer = useMutation({
    mutationFn: ({ id, approve }: { id: string; approve: boolean }) =>
      callApi(answerPartyPhone, { params: { id }, body: { approve }, headers: { [IDEMPOTENCY_HEADER]: newUuid() } }),
    onSettled: () => void queryClient.invalidateQueries({ queryKey: listPartyPhones.key() }),
    onError: (error) =>
      toast({ title: GUEST_PHONE_TEXTS.answerFailed, description: failureText(error, ''), variant: 'destructive' }),
  });
  const phones = asking.data?.phones ?? [];
  if (phones.length === 0) return null;
  return (
    <section className="card phone-requests" data-testid="phone-requests" aria-live="polite">
      {phones.map((phone) => (
        <div key={phone.id} className="phone-request" data-testid="phone-request">
          <strong>{GUEST_PHONE_TEXTS.askingTitle}</strong>
          <span className="muted small">{GUEST_PHONE_TEXTS.asking(timeOf(phone.createdAt))}</span>
          <div className="phone-request-actions">
            <button
              type="button"
              className="button button-primary"
              disabled={answer.isPending}
              onClick={() => answer.mutate({ id: phone.id, approve: true })}
              data-testid="phone-let-in"
            >
              {GUEST_PHONE_TEXTS.letIn}
            </button>
            <button
              type="button"
              className="button"
              disabled={answer.isPending}
              onClick={() => answer.mutate({ id: phone.id, approve: false })}
              data-testid="phone-turn-away"
            >
              {GUEST_PHONE_TEXTS.turnAway}
            </button>
          </div>
        </div>
      ))}
    </section>
  );
}

export function PhoneGate({ children }: { children: ReactNode }) {
  const [params] = useSearchParams();
  const mine = useQuery({
    queryKey: getMyPhone.key(),
    queryFn: ({ signal }) => callApi(getMyPhone, { signal }),
    refetchInterval: (query) => (query.state.data?.phone?.status === 'PENDING' ? POLLING_MS.phoneWaiting : false),
    retry: false,
  });
  // No session at all: the page itself says so.
  if (mine.isError) return children;
  if (mine.isPending) return null;
  const phone = mine.data.phone;
  if (!phone || phone.status === 'APPROVED') {
    return (
      <>
        <PartyPhoneRequests />
        {children}
      </>
    );
  }
  const declined = phone.status === 'DECLINED';
  return (
    <main className="page page-center" data-testid="phone-waiting" data-status={phone.status}>
      <h1>{declined ? GUEST_PHONE_TEXTS.declinedTitle : GUEST_PHONE_TEXTS.waitingTitle}</h1>
      <p className="muted" role="status">
        {declined ? GUEST_PHONE_TEXTS.declined : GUEST_PHONE_TEXTS.waiting(phone.tableName)}
      </p>
      {declined ? null : (
        <>
          <p className="small">{GUEST_PHONE_TEXTS.payMeanwhile}</p>
          <BillLink sessionId={phone.sessionId} tableId={params.get('tableId')} />
        </>
      )}
    </main>
  );
}
