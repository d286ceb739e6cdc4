// Toasts as spec 1 section 8 has them: one at a time, gone after 5 s, failures in a destructive
// style, F8 moves focus to the region, a swipe to the right dismisses.
// Subpath imports: the shared index would bring every zod schema into the first page's bundle.
import { TOAST } from '@tablewise/shared/constants';
import { GUEST_TEXTS } from '@tablewise/shared/guest-texts';
import { createContext, type ReactNode, useCallback, useContext, useEffect, useMemo, useRef, useState } from 'react';

export interface ToastInput {
  title: string;
  description?: string;
  variant?: 'default' | 'destructive';
}

interface ShownToast extends ToastInput {
  id: number;
}

const ToastContext = createContext<((toast: ToastInput) => void) | null>(null);

export function ToastProvider({ children }: { children: ReactNode }) {
  // A list capped at TOAST.limit, so a new toast replaces the one showing.
  const [toasts, setToasts] = useState<ShownToast[]>([]);
  const nextId = useRef(1);
  const regionRef = useRef<HTMLOListElement>(null);

  const show = useCallback((toast: ToastInput) => {
    const id = nextId.current++;
    setToasts((current) => [...current, { ...toast, id }].slice(-TOAST.limit));
  }, []);
  const dismiss = useCallback((id: number) => setToasts((current) => current.filter((t) => t.id !== id)), []);

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.key === TOAST.hotkey) regionRef.current?.focus();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);

  return (
    <ToastContext.Provider value={show}>
      {children}
      <ol
        ref={regionRef}
        className="toast-region"
        tabIndex={-1}
        aria-label={GUEST_TEXTS.notifications(TOAST.hotkey)}
        style={{ maxWidth: TOAST.maxWidthPx }}
      >
        {toasts.map((toast) => (
          <ToastItem key={toast.id} toast={toast} onDismiss={dismiss} />
        ))}
      </ol>
    </ToastContext.Provider>
  );
}

function ToastItem({ toast, onDismiss }: { toast: ShownToast; onDismiss: (id: number) => void }) {
  const startX = useRef<number | null>(null);
  useEffect(() => {
    const timer = window.setTimeout(() => onDismiss(toast.id), TOAST.durationMs);
    return () => window.clearTimeout(timer);
  }, [toast.id, onDismiss]);
  const destructive = toast.variant === 'destructive';
  return (
    <li
      className={destructive ? 'toast toast-destructive' : 'toast'}
      role={destructive ? 'alert' : 'status'}
      data-testid="toast"
      onPointerDown={(e) => {
        startX.current = e.clientX;
      }}
      onPointerUp={(e) => {
        if (startX.current !== null && e.clientX - startX.current > TOAST.swipeThresholdPx) onDismiss(toast.id);
        startX.current = null;
      }}
    >
      <div className="toast-text">
        <strong className="toast-title">{toast.title}</strong>
        {toast.description ? <span className="toast-description">{toast.description}</span> : null}
      </div>
      <button
        type="button"
        className="toast-close"
        aria-label={GUEST_TEXTS.dismiss}
        onClick={() => onDismiss(toast.id)}
      >
        ×
      </button>
    </li>
  );
}

export function useToast(): (toast: ToastInput) => void {
  const show = useContext(ToastContext);
  if (!show) throw new Error('useToast must be used inside ToastProvider');
  return useMemo(() => show, [show]);
}
