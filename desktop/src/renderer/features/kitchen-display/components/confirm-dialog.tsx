// Asks before a button that moves many items at once (issue 22 item 8); Escape or Cancel keeps
// everything as it is. Focus starts on Cancel, so a stray second tap changes nothing.
import { KITCHEN_TICKET_TEXTS } from '@tablewise/shared';
import { useEffect, useRef } from 'react';

interface Props {
  question: string;
  action: string;
  busy: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}

export function ConfirmDialog({ question, action, busy, onConfirm, onCancel }: Props) {
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
        <div className="dialog-actions">
          <button ref={cancel} type="button" className="button" onClick={onCancel}>
            {KITCHEN_TICKET_TEXTS.cancel}
          </button>
          <button type="button" className="button primary" disabled={busy} onClick={onConfirm}>
            {action}
          </button>
        </div>
      </div>
    </div>
  );
}
