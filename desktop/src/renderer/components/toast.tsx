// One toast at a time (spec 1 section 8): 5 s, destructive style for failures, F8 focuses it.
import { TOAST } from '@tablewise/shared';
import { createContext, type ReactNode, useCallback, useContext, useEffect, useMemo, useRef, useState } from 'react';

export interface ToastInput {
  title: string;
  description?: string;
  variant?: 'default' | 'destructive';
  /** One action on the toast while it shows (Undo); tapping it closes the toast. */
  action?: { label: string; onClick: () => void };
}

interface ToastValue {
  toast: (input: ToastInput) => void;
}

const ToastContext = createContext<ToastValue | null>(null);

export function ToastProvider({ children }: { children: ReactNode }) {
  const [current, setCurrent] = useState<(ToastInput & { key: number }) | null>(null);
  const region = useRef<HTMLOListElement>(null);
  const counter = useRef(0);

  const toast = useCallback((input: ToastInput) => {
    counter.current += 1;
    setCurrent({ ...input, key: counter.current });
  }, []);

  useEffect(() => {
    if (!current) return;
    const handle = setTimeout(() => setCurrent(null), TOAST.durationMs);
    return () => clearTimeout(handle);
  }, [current]);

  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.key === TOAST.hotkey) region.current?.focus();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);

  const value = useMemo(() => ({ toast }), [toast]);
  return (
    <ToastContext.Provider value={value}>
      {children}
      <ol className="toast-region" ref={region} tabIndex={-1} aria-label={`Notifications (${TOAST.hotkey})`}>
        {current && (
          <li
            key={current.key}
            className={`toast toast-${current.variant ?? 'default'}`}
            role={current.variant === 'destructive' ? 'alert' : 'status'}
            data-testid="toast"
          >
            <div className="toast-title">{current.title}</div>
            {current.description && <div className="toast-description">{current.description}</div>}
            {current.action && (
              <button
                type="button"
                className="toast-action"
                onClick={() => {
                  current.action?.onClick();
                  setCurrent(null);
                }}
              >
                {current.action.label}
              </button>
            )}
            <button type="button" className="toast-close" aria-label="Close" onClick={() => setCurrent(null)}>
              ×
            </button>
          </li>
        )}
      </ol>
    </ToastContext.Provider>
  );
}

export function useToast(): ToastValue {
  const value = useContext(ToastContext);
  if (!value) throw new Error('useToast needs a ToastProvider');
  return value;
}
