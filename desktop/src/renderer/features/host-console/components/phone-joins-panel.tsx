// Phones asking to join a party already seated (issue 27, finding 2): staff let one in or turn it
// away (a party's own phones can too). The cloud decides them; a terminal asks it for its staff.
import { listPhoneJoins, PHONE_JOIN_TEXTS } from '@tablewise/shared';
import { useMayCall } from '../../../app/may-call.js';
import { useVenueClock } from '../../../components/use-venue-clock.js';
import { useAnswerPhoneJoin, usePhoneJoins } from '../api/seat-requests.js';
import { AnswerButtons } from './answer-buttons.js';

export function PhoneJoinsPanel() {
  const may = useMayCall(listPhoneJoins);
  const joins = usePhoneJoins();
  const answer = useAnswerPhoneJoin();
  const timeOf = useVenueClock();
  const phones = joins.data?.phones ?? [];
  if (!may || phones.length === 0) return null;
  return (
    <section className="seat-requests" aria-labelledby="phone-joins-title" data-testid="phone-joins">
      <h2 id="phone-joins-title">{PHONE_JOIN_TEXTS.title}</h2>
      <p className="muted">{PHONE_JOIN_TEXTS.hint}</p>
      <ul className="host-list" aria-label={PHONE_JOIN_TEXTS.title}>
        {phones.map((p) => (
          <li key={p.id} className="host-row" data-testid="phone-join">
            <span className="host-time">{timeOf(p.createdAt)}</span>
            <div className="host-who">
              <strong>{PHONE_JOIN_TEXTS.asks(p.tableName)}</strong>
            </div>
            <AnswerButtons
              yes={PHONE_JOIN_TEXTS.letIn}
              no={PHONE_JOIN_TEXTS.turnAway}
              busy={answer.isPending}
              onAnswer={(approve) => answer.mutate({ id: p.id, approve })}
              testIds={{ yes: 'phone-join-let-in', no: 'phone-join-turn-away' }}
            />
          </li>
        ))}
      </ul>
    </section>
  );
}
