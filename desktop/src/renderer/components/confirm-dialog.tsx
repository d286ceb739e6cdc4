// Asks before an action that is hard to take back (the kitchen's buttons that move many items at
// once, issue 22 item 8; Clear All on the floor designer; a party marked as left); Escape or Cancel
// keeps everything as it is. Focus starts on Cancel, so a stray second tap changes nothing.
import { KITCHEN_TICKET_TEXTS } from '@tablewise/shared';
import { useEffect, useRef } from 'react';

interface Props {
  question: string;
  /** What confirming does, said once more under the question. */
  detail?: string;
  action: string;
  /** The words of the button that keeps everything as it is; 'Cancel' unless the action is itself a cancelling. */
  dismiss?: string | undefined;
  /** An action that removes or closes something (Deactivate, Clear All): styled as the danger it is. */
  danger?: boolean;
  busy: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}

export function ConfirmDialog({ question, detail, action, dismiss, danger = false, busy, onConfirm, onCancel }: Props) {
  const cancel = useRef<HTMLButtonElement>(null);
  useEffect(() => cancel.current?.focus(), []);
  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: Escape anywhere in the dialog cancels it
    <div
      className="dialog-backdrop"
      onKeyDown={(e) => {
        if (e.key === 'Escape') onCancel();
      }}
    >
      <div className="dialog confirm-dialog" role="alertdialog" aria-modal="true" aria-label={question}>
        <h2>{question}</h2>
        {detail ? <p>{detail}</p> : null}
        <div className="dialog-actions">
          <button ref={cancel} type="button" className="button" onClick={onCancel}>
            {dismiss ?? KITCHEN_TICKET_TEXTS.cancel}
          </button>
          <button
            type="button"
            className={danger ? 'button danger' : 'button primary'}
            disabled={busy}
            onClick={onConfirm}
          >
            {action}
          </button>
        </div>
      </div>
    </div>
  );
}
