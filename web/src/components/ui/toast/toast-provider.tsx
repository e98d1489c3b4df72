// Holds the toasts, hands out `toast()` through context and renders the notification region into
// its own host at the end of <body> (see toast-host.ts: it stays announced while a dialog is open).
import { useCallback, useEffect, useMemo, useReducer, useRef, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import { ToastContext, type ToastContextValue } from './toast-context';
import { useToastHost } from './toast-host';
import { TOAST_REMOVE_DELAY_MS, createToast, toastReducer, type ToastOptions } from './toast-store';
import { ToastViewport } from './toast-viewport';

type ToastProviderProps = {
  children: ReactNode;
};

export function ToastProvider({ children }: ToastProviderProps) {
  const [toasts, dispatch] = useReducer(toastReducer, []);
  const host = useToastHost();
  const removalTimers = useRef(new Map<string, ReturnType<typeof setTimeout>>());

  const dismiss = useCallback((id?: string) => dispatch({ type: 'dismiss', id }), []);

  const toast = useCallback(
    (options: ToastOptions) => {
      const item = createToast(options);
      dispatch({ type: 'add', toast: item });
      return { id: item.id, dismiss: () => dismiss(item.id) };
    },
    [dismiss],
  );

  // A closed toast leaves the state after the removal delay; replaced toasts need no timer.
  useEffect(() => {
    const timers = removalTimers.current;
    const present = new Set(toasts.map((item) => item.id));
    for (const [id, timer] of timers) {
      if (!present.has(id)) {
        clearTimeout(timer);
        timers.delete(id);
      }
    }
    for (const item of toasts) {
      if (!item.open && !timers.has(item.id)) {
        timers.set(
          item.id,
          setTimeout(() => {
            timers.delete(item.id);
            dispatch({ type: 'remove', id: item.id });
          }, TOAST_REMOVE_DELAY_MS),
        );
      }
    }
  }, [toasts]);

  useEffect(() => {
    const timers = removalTimers.current;
    return () => {
      for (const timer of timers.values()) clearTimeout(timer);
      timers.clear();
    };
  }, []);

  const value = useMemo<ToastContextValue>(() => ({ toast, dismiss }), [toast, dismiss]);

  return (
    <ToastContext.Provider value={value}>
      {children}
      {host ? createPortal(<ToastViewport toasts={toasts} onDismiss={dismiss} />, host) : null}
    </ToastContext.Provider>
  );
}
