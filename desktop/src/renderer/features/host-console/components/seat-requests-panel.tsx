// The host approves self-seating during a rush (issue 27): a switch, and each guest's table choice
// waiting for an answer with Approve and Decline. The cloud decides them; a terminal asks it, and
// with the cloud away the panel says so (guests cannot ask then either).
import { HOST_APPROVAL_TEXTS, listSeatRequests, partySizeLabel } from '@tablewise/shared';
import { useState } from 'react';
import { toastMessage } from '../../../app/api-client.js';
import { useMayCall } from '../../../app/may-call.js';
import { useVenueClock } from '../../../components/use-venue-clock.js';
import { useDecideSeatRequest, useSeatRequests, useSetSeatingApproval } from '../api/seat-requests.js';
import { AnswerButtons } from './answer-buttons.js';

export function SeatRequestsPanel() {
  const may = useMayCall(listSeatRequests);
  const requests = useSeatRequests();
  const setApproval = useSetSeatingApproval();
  // What the host asked, shown from the click on (in the click's own render: a controlled switch
  // whose value changed only with the mutation's state, a tick later, sprang back first) until
  // the cloud answers; then the list holds the answer.
  const [asked, setAsked] = useState<boolean | null>(null);
  const decide = useDecideSeatRequest();
  const timeOf = useVenueClock();
  if (!may) return null;
  if (!requests.data) {
    return requests.error ? (
      <p className="muted" role="status" data-testid="seat-requests-unreachable">
        {toastMessage(requests.error)}
      </p>
    ) : null;
  }
  const hostApproves = asked ?? requests.data.hostApproves;
  const waiting = requests.data.requests;
  return (
    <section className="seat-requests" aria-labelledby="seat-requests-title" data-testid="seat-requests">
      <div className="seat-requests-head">
        <h2 id="seat-requests-title">{HOST_APPROVAL_TEXTS.title}</h2>
        <label className="switch-label">
          <input
            type="checkbox"
            role="switch"
            checked={hostApproves}
            aria-checked={hostApproves}
            disabled={setApproval.isPending}
            onChange={(e) => {
              const next = e.target.checked;
              setAsked(next);
              setApproval.mutate(next, { onSettled: () => setAsked(null) });
            }}
            data-testid="host-approves-switch"
          />
          {HOST_APPROVAL_TEXTS.switchLabel}
        </label>
      </div>
      <p className="muted">{hostApproves ? HOST_APPROVAL_TEXTS.onHint : HOST_APPROVAL_TEXTS.offHint}</p>
      {waiting.length === 0 ? (
        hostApproves ? (
          <p className="empty">{HOST_APPROVAL_TEXTS.none}</p>
        ) : null
      ) : (
        <ul className="host-list" aria-label={HOST_APPROVAL_TEXTS.title}>
          {waiting.map((r) => (
            <li key={r.id} className="host-row" data-testid="seat-request" data-table={r.tableName}>
              <span className="host-time">{timeOf(r.createdAt)}</span>
              <div className="host-who">
                <strong>{r.guestName ?? HOST_APPROVAL_TEXTS.guest}</strong>
                <span className="muted">
                  {HOST_APPROVAL_TEXTS.wants(r.tableName)} · {partySizeLabel(r.partySize)}
                </span>
              </div>
              <AnswerButtons
                yes={HOST_APPROVAL_TEXTS.approve}
                no={HOST_APPROVAL_TEXTS.decline}
                busy={decide.isPending}
                onAnswer={(approve) => decide.mutate({ id: r.id, approve })}
                testIds={{ yes: 'seat-request-approve', no: 'seat-request-decline' }}
              />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
