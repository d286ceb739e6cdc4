// The host's two answers to a guest's ask (a table choice, a phone joining a party): yes first,
// in the primary style, both held while one is on its way.
export function AnswerButtons(props: {
  yes: string;
  no: string;
  busy: boolean;
  onAnswer: (approve: boolean) => void;
  testIds: { yes: string; no: string };
}) {
  return (
    <div className="host-actions">
      <button
        type="button"
        className="button primary"
        disabled={props.busy}
        onClick={() => props.onAnswer(true)}
        data-testid={props.testIds.yes}
      >
        {props.yes}
      </button>
      <button
        type="button"
        className="button"
        disabled={props.busy}
        onClick={() => props.onAnswer(false)}
        data-testid={props.testIds.no}
      >
        {props.no}
      </button>
    </div>
  );
}
