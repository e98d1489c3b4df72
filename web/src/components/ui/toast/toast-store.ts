// The toast state: at most TOAST_LIMIT toasts; a new one replaces the oldest; a
// dismissed toast closes at once and leaves the state after TOAST_DURATION_MS.
import { TOAST_DURATION_MS, TOAST_LIMIT } from '@shared/constants';

export type ToastVariant = 'default' | 'destructive' | 'success';

export type ToastOptions = {
  title: string;
  description?: string;
  variant?: ToastVariant;
  /** Auto-close delay in ms. */
  duration?: number;
};

export type ToastItem = {
  id: string;
  title: string;
  description?: string;
  variant: ToastVariant;
  duration: number;
  open: boolean;
};

export type ToastAction =
  { type: 'add'; toast: ToastItem } | { type: 'dismiss'; id?: string } | { type: 'remove'; id: string };

/** Swiping a toast this far to the right dismisses it. */
export const TOAST_SWIPE_THRESHOLD_PX = 50;
/** A dismissed toast stays in the state this long before it is removed. */
export const TOAST_REMOVE_DELAY_MS = TOAST_DURATION_MS;

let counter = 0;

export function createToast({
  title,
  description,
  variant = 'default',
  duration = TOAST_DURATION_MS,
}: ToastOptions): ToastItem {
  counter = (counter + 1) % Number.MAX_SAFE_INTEGER;
  const item: ToastItem = { id: `toast-${counter}`, title, variant, duration, open: true };
  if (description !== undefined) item.description = description;
  return item;
}

export function toastReducer(state: readonly ToastItem[], action: ToastAction): ToastItem[] {
  switch (action.type) {
    case 'add':
      return [action.toast, ...state].slice(0, TOAST_LIMIT);
    case 'dismiss':
      return state.map((toast) =>
        action.id === undefined || toast.id === action.id ? { ...toast, open: false } : toast,
      );
    case 'remove':
      return state.filter((toast) => toast.id !== action.id);
  }
}
