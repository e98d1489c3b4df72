import { createContext } from 'react';
import type { ToastOptions } from './toast-store';

export type ToastHandle = {
  id: string;
  dismiss: () => void;
};

export type ToastContextValue = {
  toast: (options: ToastOptions) => ToastHandle;
  /** Dismisses one toast, or every toast when no id is given. */
  dismiss: (id?: string) => void;
};

export const ToastContext = createContext<ToastContextValue | null>(null);
