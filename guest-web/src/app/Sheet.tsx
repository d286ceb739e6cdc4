// A bottom sheet on phones (a centred dialog on wide screens): closes on Escape or a tap outside.
import { GUEST_TEXTS } from '@tablewise/shared/guest-texts';
import { type ReactNode, useEffect, useId } from 'react';

export function Sheet({
  title,
  testId,
  onClose,
  children,
}: {
  title: string;
  testId: string;
  onClose: () => void;
  children: ReactNode;
}) {
  const titleId = useId();
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') onClose();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [onClose]);
  return (
    <div className="overlay">
      <button type="button" className="backdrop" tabIndex={-1} aria-label={GUEST_TEXTS.close} onClick={onClose} />
      <div className="sheet" role="dialog" aria-modal="true" aria-labelledby={titleId} data-testid={testId}>
        <div className="sheet-header">
          <h2 id={titleId}>{title}</h2>
          <button type="button" className="icon-button" aria-label={GUEST_TEXTS.close} onClick={onClose}>
            ×
          </button>
        </div>
        {children}
      </div>
    </div>
  );
}
